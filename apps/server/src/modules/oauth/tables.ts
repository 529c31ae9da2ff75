import { tableSet } from '../../db/scoped';

export interface OAuthAccountsTable {
  provider: string;
  provider_user_id: string;
  user_id: number;
  created_at: string;
}

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface OAuthTables {
  oauth_accounts: OAuthAccountsTable;
}
export const OAUTH_TABLES = tableSet<OAuthTables>()(['oauth_accounts']);
