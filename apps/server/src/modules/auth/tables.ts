import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

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

export type SessionRow = Selectable<SessionsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface AuthTables {
  sessions: SessionsTable;
  email_codes: EmailCodesTable;
}
export const AUTH_TABLES = tableSet<AuthTables>()(['sessions', 'email_codes']);
