import type { Kysely } from 'kysely';
import type { DomainBus } from '../../events';
import type { Viewer } from '../../lib/auth';
import type { Clock } from '../../lib/time';
import type { ContestAccess } from '../competitions';
import type { UsersService } from '../users';
import type { ClarificationsTables } from './tables';

/** What the clarifications need, handed over by the composition root. */
export interface ClarificationsDeps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<ClarificationsTables>;
  users: Pick<UsersService, 'briefs'>;
  bus: DomainBus;
  clock: Clock;
  /** The contests module's answers (competitions.extras): who the viewer is in a contest, names. */
  contests: {
    access(viewer: Viewer, id: number): Promise<ContestAccess>;
    names(ids: number[]): Promise<Map<number, string>>;
  };
}

/** A participant may have this many questions waiting for an answer in one contest. */
export const OPEN_QUESTIONS_MAX = 10;
