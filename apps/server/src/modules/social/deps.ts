import type { Kysely } from 'kysely';
import type { IdSubquery } from '../../db/scoped';
import type { Clock } from '../../lib/time';
import type { UsersService } from '../users';
import type { SocialTables } from './tables';

/** What the social module takes from the composition root. */
export interface SocialDeps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<SocialTables>;
  /**
   * Names and pictures of listed users, whether a user may be followed; `inactiveIds()` is the users
   * module's subquery of banned and deleted users' ids, embedded in the lists' one statement.
   */
  users: Pick<UsersService, 'byId' | 'byIds'> & { inactiveIds(): IdSubquery };
  clock: Clock;
}
