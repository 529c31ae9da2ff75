import type { Kysely } from 'kysely';
import type { JudgeQueue } from '@oj/judge';
import type { Clock } from '../../lib/time';
import type { CompetitionsService } from '../competitions';
import type { NotificationsService } from '../notifications';
import type { SubmissionsService } from '../submissions';
import type { UsersService } from '../users';
import type { RejudgeTables } from './tables';

/** What the rejudge sets' operations use, handed over by the composition root. */
export interface RejudgeDeps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<RejudgeTables>;
  /** The submissions judged again (trial runs on the judge queue), and stored when a set is applied. */
  submissions: Pick<SubmissionsService, 'contestRuns' | 'queueTrial' | 'verdictOf' | 'storeJudged'>;
  /**
   * Who manages a contest and its problems (`extras.access`: admins, the author of a user-created
   * contest), the board with a set's verdicts, and what follows an apply (board, finals, ratings).
   */
  competitions: {
    access: CompetitionsService['extras']['access'];
    rejudge: CompetitionsService['rejudge'];
  };
  users: Pick<UsersService, 'briefs'>;
  /** Each author whose verdict an applied set changed is told (站内消息). */
  notifications: Pick<NotificationsService, 'onRejudged'>;
  /** The submissions' judge queue: trial runs travel on it as jobs `r<set id>.<submission id>`. */
  queue: JudgeQueue;
  clock: Clock;
  onError: (err: unknown, what: string) => void;
}

/** The dependencies and the results being stored (waited for at shutdown). */
export type Rejudge = RejudgeDeps & { pending: Set<Promise<void>> };
