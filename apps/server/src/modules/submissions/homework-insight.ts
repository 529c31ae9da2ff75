import { sql } from 'kysely';
import type { StoredTestResult } from './test-details';
import type { Db } from './repo';

/**
 * 学情分析 of classes (docs/classes.md "Where students are stuck"): grouped reads of the tries of a
 * class's students, a fixed number of statements whatever the number of students and problems.
 * Like homework-stats.ts: practice tries only (no contest tries), judged ones, in the window.
 */

export interface InsightWindow {
  from: string;
  to: string;
}

/** Tries of one problem ending with one verdict. */
export interface VerdictRow {
  problem_id: number;
  status: string;
  tries: number;
}

/** One user's tries of one problem: how many, whether accepted, how many came before the first accepted. */
export interface SolverRow {
  user_id: number;
  problem_id: number;
  attempts: number;
  accepted: boolean;
  /** Tries before the first accepted one; null when none was accepted. */
  before_accepted: number | null;
}

/** How often a test was the first failed one of a problem's failed tries, by verdict. */
export interface FirstFailedRow {
  problem_id: number;
  test: number;
  status: string;
  tries: number;
}

export interface HomeworkInsightTries {
  verdicts: VerdictRow[];
  solvers: SolverRow[];
  firstFailed: FirstFailedRow[];
}

const tries = (db: Db, userIds: number[], problemIds: number[], w: InsightWindow) =>
  db
    .selectFrom('submissions')
    // Qualified: the tries before the first AC join a derived table with the same column names.
    .where('submissions.user_id', 'in', userIds)
    .where('submissions.problem_id', 'in', problemIds)
    .where('submissions.competition_id', 'is', null)
    .where('submissions.status', '!=', 'PD')
    .where('submissions.create_time', '>=', w.from)
    .where('submissions.create_time', '<=', w.to);

/** The first test of a stored result list that did not pass, or null (none ran, or all passed). */
function firstFailed(json: string): { index: number; status: string } | null {
  let list: StoredTestResult[];
  try {
    list = JSON.parse(json) as StoredTestResult[];
  } catch {
    return null;
  }
  if (!Array.isArray(list)) return null;
  const sorted = [...list].sort((a, b) => a.index - b.index);
  const bad = sorted.find((t) => t.status !== 'AC');
  return bad ? { index: bad.index, status: bad.status } : null;
}

/**
 * Three statements: the verdicts per problem; per user × problem the tries and those before the
 * first accepted one (a join on each pair's first accepted id); the failed tries' stored test
 * results (their first failed test is found here, the JSON differing between the databases).
 */
export async function homeworkInsightTries(
  db: Db,
  userIds: number[],
  problemIds: number[],
  w: InsightWindow,
): Promise<HomeworkInsightTries> {
  if (!userIds.length || !problemIds.length) return { verdicts: [], solvers: [], firstFailed: [] };
  const firstAc = tries(db, userIds, problemIds, w)
    .where('status', '=', 'AC')
    .select(['user_id', 'problem_id', sql<number>`min(id)`.as('first_ac')])
    .groupBy(['user_id', 'problem_id'])
    .as('f');
  const [verdicts, solvers, failed] = await Promise.all([
    tries(db, userIds, problemIds, w)
      .select(['problem_id', 'status', sql<string | number>`count(*)`.as('tries')])
      .groupBy(['problem_id', 'status'])
      .execute(),
    tries(db, userIds, problemIds, w)
      .leftJoin(firstAc, (j) =>
        j.onRef('f.user_id', '=', 'submissions.user_id').onRef('f.problem_id', '=', 'submissions.problem_id'),
      )
      .select([
        'submissions.user_id',
        'submissions.problem_id',
        sql<string | number>`count(*)`.as('attempts'),
        sql<string | number | null>`max(f.first_ac)`.as('first_ac'),
        sql<
          string | number
        >`sum(case when f.first_ac is not null and submissions.id < f.first_ac then 1 else 0 end)`.as(
          'before',
        ),
      ])
      .groupBy(['submissions.user_id', 'submissions.problem_id'])
      .execute(),
    tries(db, userIds, problemIds, w)
      .where('status', 'not in', ['AC', 'CE'])
      .select(['problem_id', 'test_results'])
      .execute(),
  ]);
  const tally = new Map<string, FirstFailedRow>();
  for (const r of failed) {
    const f = firstFailed(r.test_results);
    if (!f) continue;
    const key = `${r.problem_id}:${f.index}:${f.status}`;
    const row = tally.get(key) ?? { problem_id: r.problem_id, test: f.index, status: f.status, tries: 0 };
    row.tries += 1;
    tally.set(key, row);
  }
  return {
    verdicts: verdicts.map((r) => ({ problem_id: r.problem_id, status: r.status, tries: Number(r.tries) })),
    solvers: solvers.map((r) => {
      const accepted = r.first_ac !== null;
      return {
        user_id: Number(r.user_id),
        problem_id: Number(r.problem_id),
        attempts: Number(r.attempts),
        accepted,
        before_accepted: accepted ? Number(r.before) : null,
      };
    }),
    firstFailed: [...tally.values()],
  };
}

/** A user's tries and accepted tries per Asia/Shanghai day from `fromDate` on (the heatmap), one statement. */
export async function dailyPractice(
  db: Db,
  userId: number,
  fromDate: string,
): Promise<{ date: string; submitted: number; accepted: number }[]> {
  const rows = await db
    .selectFrom('submissions')
    .select([
      'local_date',
      sql<string | number>`count(*)`.as('submitted'),
      sql<string | number>`sum(case when status = 'AC' then 1 else 0 end)`.as('accepted'),
    ])
    .where('user_id', '=', userId)
    .where('local_date', '>=', fromDate)
    .groupBy('local_date')
    .orderBy('local_date')
    .execute();
  return rows.map((r) => ({
    date: r.local_date,
    submitted: Number(r.submitted),
    accepted: Number(r.accepted),
  }));
}
