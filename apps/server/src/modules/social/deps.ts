import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Clock } from '../../lib/time';
import type { UsersService } from '../users';
import type { SocialRepo } from './repo';

/** What the social module takes from the composition root. */
export interface SocialDeps {
  db: Kysely<Database>;
  /** Names and pictures of listed users, whether a user may be followed, who is banned or gone. */
  users: Pick<UsersService, 'byId' | 'byIds' | 'inactiveIds'>;
  clock: Clock;
}

export type SocialContext = SocialDeps & { repo: SocialRepo };
