import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  sql,
  type SqlBool,
} from 'kysely';
import type { JudgeResult, SubtaskResult, SubtaskResultView } from '@oj/shared';
import type { IdSubquery } from '../../db/scoped';
import { nowIso } from '../../lib/time';
import { NO_CURTAIN, type VerdictCurtain } from './curtain';
import { PENDING_RESULT } from './pending-result';
import type { SubmissionRow, SubmissionsTable, SubmissionsTables } from './tables';
import type { StoredTestResult } from './test-details';

/**
 * The `submissions` table: this module alone reads and writes it (others ask the service), through
 * these functions (the record lists and the contests' reads: records-repo.ts). Each takes the
 * module's handle first.
 */
export type Db = Kysely<SubmissionsTables>;

export const submissionById = (db: Db, id: number): Promise<SubmissionRow | undefined> =>
  db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst();

/** A new submission, stored as it will be judged (already queued): the row as stored. */
export const insertSubmission = (db: Db, row: Insertable<SubmissionsTable>): Promise<SubmissionRow> =>
  db.insertInto('submissions').values(row).returningAll().executeTakeFirstOrThrow();

/**
 * Back to PD under a new judge version, results cleared: a (re)judge starts, against the test list
 * `testsKey` names (test-details.ts: which of its tests are samples).
 */
export async function markQueued(
  db: Db,
  id: number,
  run: { version: number; testTotal: number; testsKey: string },
): Promise<void> {
  await db
    .updateTable('submissions')
    .set({
      judge_version: run.version,
      ...PENDING_RESULT,
      test_total: run.testTotal,
      tests_key: run.testsKey,
      judge_time: null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Stores a verdict if the submission still waits for this judge version: the row as stored when this
 * call stored it, undefined otherwise (a late result of an older rejudge, or one another node stored).
 */
export const storeResult = (
  db: Db,
  job: { id: number; version: number },
  r: JudgeResult,
  tests: StoredTestResult[],
): Promise<SubmissionRow | undefined> =>
  db
    .updateTable('submissions')
    .set({
      status: solvedOnlyWhenFull(r),
      score: r.fullScore !== undefined ? (r.score ?? 0) : null,
      full_score: r.fullScore ?? null,
      subtasks: JSON.stringify((r.subtasks ?? []).map(storedSubtask)),
      time_used: Math.round(r.timeMs),
      memory_used: Math.round(r.memoryKiB),
      compile_message: r.compileMessage,
      compiler: r.compiler ?? '',
      message: r.message ?? '',
      test_results: JSON.stringify(tests),
      judge_time: nowIso(),
    })
    .where('id', '=', job.id)
    .where('judge_version', '=', job.version)
    .where('status', '=', 'PD')
    .returningAll()
    .executeTakeFirst();

/**
 * A problem is solved only with its full score: an AC that earned less (rounding, a subtask's share
 * lost) is stored as WA.
 */
export function solvedOnlyWhenFull(r: JudgeResult): string {
  if (r.status !== 'AC' || r.fullScore === undefined) return r.status;
  return (r.score ?? 0) >= r.fullScore - 1e-6 ? 'AC' : 'WA';
}

/** A subtask as stored (and shown): numbered from 1 like the problem's (job ids are String(k + 1)). */
const storedSubtask = (st: SubtaskResult): SubtaskResultView => ({
  subtask: Number(st.id),
  points: st.points,
  score: st.score,
  status: st.status ?? null,
  skipped: st.skipped,
  blocked_by: st.blockedBy !== undefined ? Number(st.blockedBy) : null,
});

/** Ends a submission that cannot be judged (IE with the reason). */
export async function markFailed(db: Db, id: number, message: string): Promise<void> {
  await db
    .updateTable('submissions')
    .set({ status: 'IE', message, judge_time: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** What a stored run shows its author beyond the public verdict: the code and the compiler's output. */
export const runOf = (db: Db, id: number) =>
  db
    .selectFrom('submissions')
    .select(['source_code', 'compile_message', 'status', 'judge_time', 'test_results'])
    .where('id', '=', id)
    .executeTakeFirst();

/** Every submission of a problem, in id order (a rejudge of the problem). */
export const ofProblem = (db: Db, problemId: number): Promise<SubmissionRow[]> =>
  db.selectFrom('submissions').selectAll().where('problem_id', '=', problemId).orderBy('id').execute();

/** The submissions still pending, in id order (start-up: a crash or a lost job left them). */
export const pending = (db: Db): Promise<SubmissionRow[]> =>
  db.selectFrom('submissions').selectAll().where('status', '=', 'PD').orderBy('id').execute();

type Eb = ExpressionBuilder<SubmissionsTables, 'submissions'>;

/** The freeze curtain (curtain.ts) in SQL: true for the submissions whose verdict is hidden from the viewer. */
export function hiddenVerdictSql(eb: Eb, curtain: VerdictCurtain): Expression<SqlBool> {
  const others = eb('submissions.user_id', '!=', curtain.viewerId);
  const hidden: Expression<SqlBool>[] = curtain.spans.map((span) =>
    eb.and([
      eb('submissions.competition_id', '=', span.contestId),
      eb('submissions.create_time', '>=', span.from),
      eb('submissions.create_time', '<', span.to),
      // A running OI contest hides its tries from their authors too.
      ...(span.evenAuthor ? [] : [others]),
    ]),
  );
  if (curtain.submissionIds.length)
    hidden.push(eb.and([others, eb('submissions.id', 'in', curtain.submissionIds)]));
  if (!hidden.length) return sql<SqlBool>`1 = 0`;
  return eb.or(hidden);
}

/** Accepted tries as the viewer sees them: a frozen one not yet. */
const shownAccepted = (eb: Eb, curtain: VerdictCurtain) =>
  eb.and([eb('submissions.status', '=', 'AC'), eb.not(hiddenVerdictSql(eb, curtain))]);

/** How many rows match `when` (SUM over the rows: NULL when there are none). */
const countWhen = (eb: Eb, when: Expression<SqlBool>) =>
  eb.fn.sum<number | string | null>(eb.case().when(when).then(1).else(0).end());

/**
 * What a count covers: one problem, one user, and `hidden`: the hidden problems' ids (the problems
 * module's subquery) to leave out, for a public count.
 */
export interface CountFilter {
  problemId?: number;
  userId?: number;
  hidden?: IdSubquery;
}

function counted(db: Db, filter: CountFilter) {
  let b = db.selectFrom('submissions');
  if (filter.hidden) b = b.where('problem_id', 'not in', filter.hidden);
  if (filter.problemId !== undefined) b = b.where('problem_id', '=', filter.problemId);
  if (filter.userId !== undefined) b = b.where('user_id', '=', filter.userId);
  return b;
}

/**
 * Submissions and accepted ones, of a problem (and of one user of it). `curtain`: accepted tries
 * behind a frozen scoreboard do not count as accepted yet (curtain.ts).
 */
export async function verdictCounts(
  db: Db,
  filter: CountFilter,
  curtain: VerdictCurtain = NO_CURTAIN,
): Promise<{ total: number; accepted: number }> {
  const r = await counted(db, filter)
    .select((eb) => [eb.fn.countAll().as('n'), countWhen(eb, shownAccepted(eb, curtain)).as('ac')])
    .executeTakeFirstOrThrow();
  return { total: Number(r.n), accepted: Number(r.ac ?? 0) };
}

/**
 * A problem's counts and one user's of it, in one statement: `total` / `accepted` as the stored
 * public counters show them (`curtain`), `mine` / `mineAccepted` the user's own (their own tries
 * hide only in a running OI contest).
 */
export async function problemCounts(
  db: Db,
  problemId: number,
  userId: number,
  curtain: VerdictCurtain,
): Promise<{ total: number; accepted: number; mine: number; mineAccepted: number }> {
  const r = await counted(db, { problemId })
    .select((eb) => [
      eb.fn.countAll().as('n'),
      countWhen(eb, shownAccepted(eb, curtain)).as('ac'),
      countWhen(eb, eb('submissions.user_id', '=', userId)).as('mine'),
      // The user's own accepted tries: hidden only by a running OI contest (it hides from authors too).
      countWhen(
        eb,
        eb.and([eb('submissions.user_id', '=', userId), shownAccepted(eb, { ...curtain, viewerId: userId })]),
      ).as('mine_ac'),
    ])
    .executeTakeFirstOrThrow();
  const n = (v: number | string | bigint | null) => Number(v ?? 0);
  return { total: n(r.n), accepted: n(r.ac), mine: n(r.mine), mineAccepted: n(r.mine_ac) };
}

/** The (problem, user) pairs with a try in a contest. */
export const contestTriers = (db: Db, contestId: number) =>
  db
    .selectFrom('submissions')
    .select(['problem_id', 'user_id'])
    .where('competition_id', '=', contestId)
    .groupBy(['problem_id', 'user_id'])
    .execute();

/** Distinct problems (of a user) or users (of a problem) with an accepted submission. */
export async function distinctAccepted(
  db: Db,
  filter: CountFilter,
  curtain: VerdictCurtain = NO_CURTAIN,
): Promise<number> {
  const r = await counted(db, filter)
    .where('status', '=', 'AC')
    .where((eb) => eb.not(hiddenVerdictSql(eb, curtain)))
    .select((eb) =>
      eb.fn
        .count(filter.userId !== undefined ? 'problem_id' : 'user_id')
        .distinct()
        .as('d'),
    )
    .executeTakeFirstOrThrow();
  return Number(r.d);
}

/**
 * A contest's submissions as a rejudge set takes them (modules/rejudge): every one naming the
 * contest, or those of one of its problems, or one, in id order, with the verdict as stored now.
 */
export const contestRuns = (db: Db, contestId: number, only: { index?: number; id?: number }) => {
  let q = db
    .selectFrom('submissions')
    .select(['id', 'user_id', 'problem_index', 'status', 'score', 'time_used', 'memory_used'])
    .where('competition_id', '=', contestId)
    .where('problem_index', 'is not', null);
  if (only.index !== undefined) q = q.where('problem_index', '=', only.index);
  if (only.id !== undefined) q = q.where('id', '=', only.id);
  return q.orderBy('id').execute();
};
