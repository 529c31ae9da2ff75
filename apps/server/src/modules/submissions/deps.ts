import type { Kysely } from 'kysely';
import type { JudgeQueue } from '@oj/judge';
import type { DomainBus } from '../../events';
import type { Viewer } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import type { LanguagesService } from '../languages';
import type { ProblemRow, ProblemsService } from '../problems';
import type { UsersService } from '../users';
import type { ReplaySink } from './code-access';
import type { VerdictCurtain } from './curtain';
import type { ContestGate } from './submit';
import type { Names } from './present';
import type { TestRule } from './test-details';
import type { SubmissionRow, SubmissionsTables } from './tables';

/** What the submissions' operations use, handed over by the composition root. */
export interface SubmissionsDeps {
  /** Its own table only (db/scoped.ts). */
  db: Kysely<SubmissionsTables>;
  problems: Pick<
    ProblemsService,
    | 'row'
    | 'visibleRow'
    | 'names'
    | 'hiddenIds'
    | 'managedClassProblemIds'
    | 'managesClassProblem'
    | 'judgeSpec'
    | 'problemType'
    | 'languageRefusal'
    | 'judging'
    | 'programFields'
    | 'testsKey'
    | 'testSheet'
    | 'setStats'
    | 'setUserStatus'
  >;
  users: Pick<UsersService, 'briefs' | 'idsNamed'>;
  /** Which languages are offered here, and their time and memory factors (issue 25). */
  languages: Pick<LanguagesService, 'refuseUnavailable' | 'limitsFor'>;
  bus: DomainBus;
  onError: (err: unknown, what: string) => void;
}

/** What the composition root hands the service: the dependencies, the queue and the contests' rules. */
export type SubmissionsServiceDeps = SubmissionsDeps & {
  queue: JudgeQueue;
  contests: SubmissionContests;
  /** Where timelines sent with submissions go (the replays module's sink). */
  replays: ReplaySink;
};

/**
 * What the contests decide for judging (competitions' contest rules, built before this module):
 * the gate that admits contest submissions (answers the problem id), the freeze rule applied on
 * every read path of verdicts, and who may read a contest's problems (records of hidden problems
 * follow it).
 */
export interface SubmissionContests {
  gate: ContestGate;
  freezeRule: FreezeRule;
  mayRead: (viewer: Viewer, contestId: number) => Promise<boolean>;
  /**
   * Team contests (issue 26 part 3): the members of a user's team in a contest, the user included
   * ([] = none): teammates read each other's code and the team's records. Absent: no teams.
   */
  teammates?: (contestId: number, userId: number) => Promise<number[]>;
}

/**
 * The contests' freeze rule (competitions/freeze-rule.ts), wired by the composition root: which
 * verdicts a viewer may not see yet (`null`: the stored public counters, seen by nobody in particular).
 */
export type FreezeRule = (viewer: Viewer | null) => Promise<VerdictCurtain>;

/** The dependencies and the freeze rule in force. */
export type Curtained = SubmissionsDeps & { curtainFor: FreezeRule };

/** The dependencies and what the contests module decides for judging (wired in services.ts). */
export type WithContests = Curtained & {
  /** Whether the viewer may read a contest's problems (someone else's record of a hidden one follows it). */
  contestReadable: (viewer: Viewer, contestId: number) => Promise<boolean>;
  /** The viewer's team in a contest (SubmissionContests.teammates), absent: no teams. */
  teammates?: (contestId: number, userId: number) => Promise<number[]>;
};

/**
 * Problem names and authors of some records, from their modules (one batch read each). `rule`: the
 * test rule of a single record's problem, read just now with the problem's name (not read again).
 */
export async function namesOf(
  d: SubmissionsDeps,
  rows: SubmissionRow[],
  rule?: Pick<TestRule, 'problemName'> | null,
): Promise<Names> {
  const ids = [...new Set(rows.map((r) => r.problem_id))];
  const known =
    rule && ids.length === 1 ? new Map(rule.problemName === null ? [] : [[ids[0], rule.problemName]]) : null;
  const [problemNames, authors] = await Promise.all([
    known ?? d.problems.names(ids),
    d.users.briefs(rows.map((r) => r.user_id)),
  ]);
  return { problems: problemNames, users: authors };
}

/** A problem whether visible or hidden (contest, math / 408 programming); 404 when it does not exist. */
export async function anyProblem(d: SubmissionsDeps, id: number): Promise<ProblemRow> {
  const p = await d.problems.row(id);
  if (!p) throw notFound(`题目 ${id} 不存在`);
  return p;
}
