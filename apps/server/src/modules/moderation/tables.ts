import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

/** 009_community: a user's report of a post or comment (status open | dismissed | actioned). */
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_kind: string;
  target_id: number;
  reason: string;
  detail: string;
  status: string;
  action: string | null;
  handled_by: number | null;
  create_time: string;
  handle_time: string | null;
}

/** 009_community: a user may not write (posts, comments) until `until` (one row per muted user). */
export interface MutesTable {
  user_id: number;
  until: string;
  reason: string;
  by_id: number | null;
  create_time: string;
}

export type ReportRow = Selectable<ReportsTable>;

export type MuteRow = Selectable<MutesTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface ModerationTables {
  reports: ReportsTable;
  mutes: MutesTable;
}
export const MODERATION_TABLES = tableSet<ModerationTables>()(['reports', 'mutes']);
