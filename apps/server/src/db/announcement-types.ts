import type { Generated, Selectable } from 'kysely';

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

// The table joins `Database` from here (interface merging), so types.ts stays under its size limit.
declare module './types' {
  interface Database {
    announcements: AnnouncementsTable;
  }
}
