import type { Kysely } from 'kysely';
import type { DomainBus } from '../../events';
import type { Outbox } from '../../lib/outbox';
import type { RateLimiter } from '../../lib/rate-limit';
import type { Math408Service } from '../math408';
import type { ProblemsService } from '../problems';
import type { SubmissionsService } from '../submissions';
import type { Argon2Cost, UsersService } from '../users';
import type { ClassRule } from './class-rule';
import type { ContestRules } from './contest-rules';
import type { FreezableContests } from './freeze-rule';
import type { LiveBoards } from './live';
import type { CompetitionsTables } from './tables';

/** What a contest ranks: programming contests submissions, math and 408 contests answers. */
export enum ContestType {
  Programming = 1,
  Math = 2,
  Exam408 = 3,
}

/** Math and 408 contests list math / 408 questions; programming contests list algorithm problems. */
export const QUESTION_CONTEST_TYPES = [ContestType.Math, ContestType.Exam408] as const;

/** What the contests' operations use, handed over by the composition root. */
export interface CompetitionsDeps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<CompetitionsTables>;
  /** Names on boards and lists, the rating ranking, and ratings inside the rating transaction. */
  users: Pick<UsersService, 'briefs' | 'byId' | 'ratedPage' | 'ratingsOf' | 'setRatings'> &
    /** Bulk contest accounts (accounts-bulk.ts): made and named by the users module. */
    Pick<UsersService, 'create' | 'modify' | 'idsOfAccounts'>;
  problems: ProblemsService;
  submissions: SubmissionsService;
  math408: Math408Service;
  bus: DomainBus;
  argon2: Argon2Cost;
  /** Guessing join passwords is rate limited like logins. */
  limiter: Pick<RateLimiter, 'check'>;
  onError: (err: unknown, what: string) => void;
  /** Contest writes record topic 'competition' (the search index follows it). */
  outbox: Pick<Outbox, 'add'>;
  /** The contest tables as the rest of the site asks them (contest-rules.ts), built first. */
  rules: Pick<ContestRules, 'freezable'>;
  /** Class contests (class-rule.ts): who manages or belongs to a class (the classes' lower part). */
  classes: ClassRule;
}

/** The dependencies, this node's live boards and its set of contests with a freeze (freeze-rule.ts). */
export type Contests = CompetitionsDeps & { boards: LiveBoards; freezable: FreezableContests };

export const pageOf = (q: { PageNum?: number; pageNum?: number }) => q.PageNum ?? q.pageNum ?? 1;

/**
 * A contest changed in a way its board shows (times, problems, rating, freeze, deleted): this
 * node rebuilds it on next use, and the other nodes hear it (`contest.changed`) and do the same.
 */
export function contestChanged(d: Contests, id: number): void {
  d.boards.invalidate(id);
  d.bus.emit('contest.changed', { competition_id: id });
}
