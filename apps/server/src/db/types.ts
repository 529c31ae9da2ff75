import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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
}

export interface SessionsTable {
  id: string; // sha256 of the cookie token: a leaked table does not give usable cookies
  user_id: number;
  created_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
}

export interface EmailCodesTable {
  id: Generated<number>;
  email: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  attempts: number;
}

export interface OAuthAccountsTable {
  provider: string;
  provider_user_id: string;
  user_id: number;
  created_at: string;
}

export interface FilesTable {
  sha256: string;
  ext: string;
  mime: string;
  size: number;
  created_at: string;
}

export interface BackgroundPicturesTable {
  id: Generated<number>;
  owner_id: number | null; // null = built-in picture
  picture_address: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_codes: EmailCodesTable;
  oauth_accounts: OAuthAccountsTable;
  files: FilesTable;
  background_pictures: BackgroundPicturesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PictureRow = Selectable<BackgroundPicturesTable>;
