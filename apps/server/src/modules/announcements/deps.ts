import type { Kysely } from 'kysely';
import type { AnnouncementsTables } from './tables';
import type { Clock } from '../../lib/time';
import type { UsersService } from '../users';

export interface AnnouncementsDeps {
  /** Its own table only (db/scoped.ts). */
  db: Kysely<AnnouncementsTables>;
  users: Pick<UsersService, 'briefs'>;
  clock: Clock;
}
