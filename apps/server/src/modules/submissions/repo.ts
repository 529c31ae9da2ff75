import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { JudgeResult } from '@oj/shared';
import type { Database, SubmissionRow } from '../../db/types';
import { nowIso } from '../../lib/time';
import { hiddenVerdictSql, NO_CURTAIN, shownAcceptedSql, type VerdictCurtain } from './curtain';
import { PENDING_RESULT } from './pending-result';
import type { StoredTestResult } from './test-details';

/** The `submissions` table: this module alone reads and writes it (others ask the service). */
export type Db = Kysely<Database>;

export const submissionById = (db: Db, id: number): Promise<SubmissionRow | undefined> =>
  db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst();

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
 * Stores a verdict if the submission still waits for this judge version: true when this call
 * stored it (a late result of an older rejudge, or one another node stored, changes nothing).
 */
export async function storeResult(
  db: Db,
  job: { id: number; version: number },
  r: JudgeResult,
  tests: StoredTestResult[],
): Promise<boolean> {
  const res = await db
    .updateTable('submissions')
    .set({
      status: r.status,
      time_used: Math.round(r.timeMs),
      memory_used: Math.round(r.memoryKiB),
      compile_message: r.compileMessage,
      message: r.message ?? '',
      test_results: JSON.stringify(tests),
      judge_time: nowIso(),
    })
    .where('id', '=', job.id)
    .where('judge_version', '=', job.version)
    .where('status', '=', 'PD')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Ends a submission that cannot be judged (IE with the reason). */
export async function markFailed(db: Db, id: number, message: string): Promise<void> {
  await db
    .updateTable('submissions')
    .set({ status: 'IE', message, judge_time: nowIso() })
    .where('id', '=', id)
    .execute();
}

/**
 * What a count covers: one problem, one user, and `hidden`: the hidden problems' ids (a subquery
 * of the problems module) to leave out, for a public count.
 */
export interface CountFilter {
  problemId?: number;
  userId?: number;
  hidden?: SelectQueryBuilder<Database, 'problems', { id: number }>;
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
  let b = db.selectFrom('submissions');
  if (filter.hidden) b = b.where('problem_id', 'not in', filter.hidden);
  if (filter.problemId !== undefined) b = b.where('problem_id', '=', filter.problemId);
  if (filter.userId !== undefined) b = b.where('user_id', '=', filter.userId);
  const r = await b
    .select((eb) => [eb.fn.countAll().as('n'), shownAcceptedSql(eb, curtain).as('ac')])
    .executeTakeFirstOrThrow();
  return { total: Number(r.n), accepted: Number(r.ac ?? 0) };
}

/** Distinct problems (of a user) or users (of a problem) with an accepted submission. */
export async function distinctAccepted(
  db: Db,
  filter: CountFilter,
  curtain: VerdictCurtain = NO_CURTAIN,
): Promise<number> {
  let b = db
    .selectFrom('submissions')
    .where('status', '=', 'AC')
    .where((eb) => eb.not(hiddenVerdictSql(eb, curtain)));
  if (filter.hidden) b = b.where('problem_id', 'not in', filter.hidden);
  if (filter.problemId !== undefined) b = b.where('problem_id', '=', filter.problemId);
  if (filter.userId !== undefined) b = b.where('user_id', '=', filter.userId);
  const r = await b
    .select((eb) =>
      eb.fn
        .count(filter.userId !== undefined ? 'problem_id' : 'user_id')
        .distinct()
        .as('d'),
    )
    .executeTakeFirstOrThrow();
  return Number(r.d);
}
