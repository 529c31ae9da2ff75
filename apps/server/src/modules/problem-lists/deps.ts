import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/time';
import type { ProblemsService } from '../problems';
import type { UsersService } from '../users';
import type { ProblemListsTables } from './tables';

/** What the problem lists' operations use, handed over by the composition root. */
export interface ProblemListsDeps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<ProblemListsTables>;
  /**
   * The bank decides what a viewer may see of a problem (`liveNames`, published only unless the
   * viewer may see hidden problems) and keeps each user's status (`statuses`: solved / tried).
   */
  problems: Pick<ProblemsService, 'liveNames' | 'statuses'>;
  /** Owners' names. */
  users: Pick<UsersService, 'briefs'>;
  clock: Clock;
}
