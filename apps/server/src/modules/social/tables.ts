import type { Generated } from 'kysely';
import { tableSet } from '../../db/scoped';

/** 016_social: one user following another (friends = both ways). */
export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  create_time: string;
}

/** 016_social: a visitor of a user's card, one row per visitor and day (Asia/Shanghai). */
export interface UserVisitsTable {
  user_id: number;
  visitor_id: number;
  date: string; // YYYY-MM-DD
  visit_time: string; // the latest visit of that day, UTC ISO-8601
}

/** 016_social: a user's social choices (no row = the defaults). */
export interface SocialSettingsTable {
  user_id: number;
  record_visitors: Generated<number>;
}

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface SocialTables {
  follows: FollowsTable;
  user_visits: UserVisitsTable;
  social_settings: SocialSettingsTable;
}
export const SOCIAL_TABLES = tableSet<SocialTables>()(['follows', 'user_visits', 'social_settings']);
