import type { Kysely } from 'kysely';
import type { Config } from '../../lib/config';
import type { UsersService } from '../users';
import type { OAuthTables } from './tables';

/** What OAuth login needs, handed over by the composition root. */
export interface OAuthDeps {
  /** Its own table only (db/scoped.ts). */
  db: Kysely<OAuthTables>;
  /** Accounts are found, created and read through the users module. */
  users: Pick<UsersService, 'byAccount' | 'byEmail' | 'byId' | 'requireUser' | 'create'>;
  config: Config;
}
