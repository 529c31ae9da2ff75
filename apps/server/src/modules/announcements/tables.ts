import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

/** 014_announcements: a site announcement (markdown), written by admins. */
export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  content: string;
  published: number;
  pinned: number;
  expire_time: string | null;
  author_id: number;
  create_time: string;
  update_time: string;
}

export type SiteAnnouncementRow = Selectable<AnnouncementsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface AnnouncementsTables {
  announcements: AnnouncementsTable;
}
export const ANNOUNCEMENTS_TABLES = tableSet<AnnouncementsTables>()(['announcements']);
