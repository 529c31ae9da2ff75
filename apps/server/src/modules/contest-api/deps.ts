import type { DomainBus } from '../../events';
import type { RateLimiter } from '../../lib/rate-limit';
import type { ClarificationsService } from '../clarifications';
import type { CompetitionsService, ContestApiReads } from '../competitions';
import type { LanguagesService } from '../languages';
import type { ProblemsService } from '../problems';
import type { ContestLog, SubmissionsService } from '../submissions';
import type { UsersService } from '../users';

/** What the ICPC Contest API reads, handed over by the composition root (services.ts). */
export interface ContestApiDeps {
  /** The live boards (scoreboard, participants, problems) and who may read a contest. */
  competitions: Pick<CompetitionsService, 'boards' | 'extras'>;
  /** The programming contests, and when each participant joined (competitions' lower part). */
  reads: ContestApiReads;
  /** A contest's submissions with their per-test results (submissions' lower part). */
  log: ContestLog;
  /** Sources, for a submission's files and the contest package (admins). */
  submissions: Pick<SubmissionsService, 'sourcesOf'>;
  /** Names, time limits and test counts of the contest's problems. */
  problems: Pick<ProblemsService, 'forIndex'>;
  /** Teams' names and schools; HTTP basic credentials and token holders. */
  users: Pick<UsersService, 'byIds' | 'byId' | 'byAccountOrEmail' | 'checkPassword'>;
  languages: Pick<LanguagesService, 'available'>;
  /** 答疑 and announcements as the caller may read them. */
  clarifications: Pick<ClarificationsService, 'board'>;
  /** The event feed follows submissions, contest changes and clarifications. */
  bus: DomainBus;
  /** Password checks of HTTP basic credentials are rate limited like logins. */
  limiter: Pick<RateLimiter, 'check'>;
  /** Signs the bearer tokens: the install's shared key (modules/keys), the same on every node. */
  tokenKey: Buffer;
  /** The event feed's keep-alive newline (the specification: at most 120 s); tests set it short. */
  keepAliveMs?: number;
}
