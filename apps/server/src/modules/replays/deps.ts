import type { Kysely } from 'kysely';
import type { SolutionGate } from '../forum';
import type { ProblemsService } from '../problems';
import type { SubmissionsService } from '../submissions';
import type { UsersService } from '../users';
import type { ReplaysTables } from './tables';

/** What the replays' operations use, handed over by the composition root. */
export interface ReplaysDeps {
  /** Its own table only (db/scoped.ts). */
  db: Kysely<ReplaysTables>;
  /** The one code-visibility rule (submissions/code-access.ts). */
  submissions: Pick<SubmissionsService, 'codeAccess'>;
  /** Shared code is solution material: the forum's gate (a running contest, the after-AC policy). */
  solutions: SolutionGate;
  problems: Pick<ProblemsService, 'names'>;
  users: Pick<UsersService, 'briefs'>;
}
