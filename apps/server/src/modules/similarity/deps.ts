import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/time';
import type { ContestFacts } from '../competitions';
import type { UsersService } from '../users';
import type { Source } from './analyse';
import type { SimilarityTables } from './tables';

/** What code similarity needs, handed over by the composition root. */
export interface SimilarityDeps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<SimilarityTables>;
  users: Pick<UsersService, 'briefs'>;
  clock: Clock;
  /** The contests module (competitions.extras). */
  contests: { facts(id: number): Promise<ContestFacts>; endedProgramming(): Promise<number[]> };
  /** The submissions module: the final programs of a contest, and sources by id. */
  submissions: {
    contestSources(contest: { id: number; end_time: string }): Promise<Source[]>;
    sourcesOf(ids: number[]): Promise<Map<number, string>>;
  };
  onError: (err: unknown, what: string) => void;
}

/** A run left `running` this long ago was lost with its node: it may be started again. */
export const STALE_RUN_MS = 10 * 60_000;
