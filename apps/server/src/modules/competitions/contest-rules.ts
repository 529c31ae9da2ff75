import type { JudgeRequest } from '@oj/shared';
import type { Expression, Kysely } from 'kysely';
import type { DomainBus } from '../../events';
import type { Viewer } from '../../lib/auth';
import type { PostContests } from '../forum';
import type { QuestionContests } from '../math408';
import type { SubmissionContests } from '../submissions';
import type { UserContests } from '../users';
import { FreezableContests, freezeRuleFor, type ProgrammingAnswers, VirtualOiRuns } from './freeze-rule';
import type { ClassRule } from './class-rule';
import * as gates from './gates';
import { lockedProblems } from './repo';
import * as rating from './rating-repo';
import { teammatesOf } from './teams-repo';
import type { CompetitionsTables } from './tables';

export interface ContestRulesDeps {
  /** The contest tables only (db/scoped.ts). */
  db: Kysely<CompetitionsTables>;
  bus: DomainBus;
  /** The math / 408 bank's answer log: programming answers behind a frozen math contest. */
  answers: ProgrammingAnswers;
  /** Who belongs to a class contest's classes (the classes' lower part, class-rule.ts). */
  classes: ClassRule;
}

/**
 * What the rest of the site asks of the contest tables, built before any module that asks it: the
 * gates on contest submissions and answers, the freeze rule of every verdict read path, who may read
 * a contest's problems and hidden questions, and what a running contest locks (solutions, a
 * question's key). The composition root hands each part to its module's constructor (submissions,
 * the math / 408 bank, the forum) and the whole to the contests module, which shares its set of
 * freezable contests. It needs only the contest tables, the bus and the answer log, so nothing it
 * serves has to exist first.
 */
export function createContestRules(d: ContestRulesDeps) {
  const freezable = new FreezableContests(d.db);
  // OI contests' virtual runs hide their verdicts from the runner while they last (issue 26 part 2).
  const virtualOi = new VirtualOiRuns(d.db);
  // Any contest change, here or on another node, may start or end a freeze (freeze-rule.ts).
  d.bus.on('contest.changed', () => {
    freezable.invalidate();
    virtualOi.invalidate();
  });
  const rule = { freezable, answers: d.answers, virtualOi };
  return {
    freezable,
    /** What judging asks: the gate on contest submissions, the freeze rule, who reads a contest. */
    submissions: {
      gate: (viewer: Viewer, req: JudgeRequest) => gates.admitSubmission(d, viewer, req),
      freezeRule: (viewer: Viewer | null) => freezeRuleFor(rule, viewer),
      mayRead: (viewer: Viewer, contestId: number) => gates.mayReadContest(d, viewer, contestId),
      teammates: (contestId: number, userId: number) => teammatesOf(d.db, contestId, userId),
    } satisfies SubmissionContests,
    /** What the math / 408 bank asks about a question's contests. */
    questions: {
      gate: (viewer: Viewer, req: { competition_id: number; index: number; question_id: number }) =>
        gates.admitAnswer(d, viewer, req),
      locked: (viewer: Viewer, questionId: number) => gates.questionLocked(d, viewer, questionId),
      mayRead: (viewer: Viewer, questionId: number) => gates.mayReadQuestion(d, viewer, questionId),
      answerRefusedBy: (viewer: Viewer, questionId: number, competitionId: number | null) =>
        gates.answerRefusedBy(d, viewer, questionId, competitionId),
    } satisfies QuestionContests,
    /**
     * What the forum asks (its solution gate, used by every path of solution material): the
     * problems whose solutions and Q&A a running contest keeps from the viewer.
     */
    posts: {
      lockedProblems: (viewer: Viewer) => lockedProblems(d.db, viewer.uuid),
    } satisfies PostContests,
  };
}
export type ContestRules = ReturnType<typeof createContestRules>;

/**
 * What the users module asks of the contest tables, built before the users (it needs only these
 * tables): whether a user is rated, i.e. has a contest with an applied rating change. The contests
 * write the test over their own table; the users embed it in their own statements (the briefs of
 * every list, the presented user, the rating ranking and its counts), so each stays one statement.
 * Derived, not stored: applying and rolling back a contest keep it right without a flag to maintain
 * (docs/architecture.md, the read-only exception).
 */
export function createUserContests(d: { db: Kysely<CompetitionsTables> }) {
  return {
    rated: (userId: Expression<number>) => rating.ratedTest(d.db, userId),
    ratedCount: (userId: Expression<number>) => rating.ratedCount(d.db, userId),
    isRated: (userId: number) => rating.isRated(d.db, userId),
  } satisfies UserContests;
}
