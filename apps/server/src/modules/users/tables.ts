import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import { tableSet } from '../../db/scoped';

/**
 * Table types. Times are UTC ISO-8601 text (sortable as strings on both dialects); booleans are
 * 0/1 integers so that SQLite and PostgreSQL read the same values.
 */
export interface UsersTable {
  id: Generated<number>;
  account: string;
  email: string | null;
  password_hash: string; // '' = no password (OAuth-only account): password login refused
  username: string;
  avatar: string;
  tags: string; // JSON array of strings
  hobby: string;
  phone: string;
  gender: string;
  school: string;
  profile: string;
  rating: number;
  role: number;
  is_boss: number;
  birth: string;
  readings: number;
  url: string;
  background_picture: string;
  is_delete: number;
  create_time: string;
  update_time: string;
  /** 033_classes: marked 教师 by an administrator (may create classes); 0/1. */
  teacher: Generated<number>;
  /** 033_classes: an account made in bulk must change its initial password first; 0/1. */
  must_change_password: Generated<number>;
  /** 038_hide_tags: 隐藏算法标签 on the bank and the problem page (issue 29); 0/1. */
  hide_tags: Generated<number>;
  /** 040_show_classes: 在个人主页展示我的班级 (the card's 练习情况, issue 29); 0/1. */
  show_classes: Generated<number>;
}

/** 006_card_views: the day a signed-in viewer last counted as a reading of a user card. */
export interface UserCardViewsTable {
  user_id: number;
  viewer_id: number;
  date: string; // YYYY-MM-DD, Asia/Shanghai
}

/** A user as the users repo answers it: the columns plus the derived `rated` flag (users/rated.ts). */
export type UserRow = Selectable<UsersTable> & { rated: boolean };

export type NewUser = Insertable<UsersTable>;

export type UserUpdate = Updateable<UsersTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface UsersTables {
  users: UsersTable;
  user_card_views: UserCardViewsTable;
}
export const USERS_TABLES = tableSet<UsersTables>()(['users', 'user_card_views']);
