import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Clock } from '../../lib/time';
import type { UsersService } from '../users';

export interface AnnouncementsDeps {
  db: Kysely<Database>;
  users: Pick<UsersService, 'briefs'>;
  clock: Clock;
}
