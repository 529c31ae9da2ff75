import type { ProblemRow } from './tables';
import { type Db, live } from './repo';

/** The daily problem (daily_problems) and each user's last opened problem (problem_last). */

/** The admin's choice for a date, while it is live and published. */
export const chosenDaily = (db: Db, date: string): Promise<ProblemRow | undefined> =>
  db
    .selectFrom('daily_problems')
    .innerJoin('problems', 'problems.id', 'daily_problems.problem_id')
    .selectAll('problems')
    .where('daily_problems.date', '=', date)
    .where('problems.is_delete', '=', 0)
    // A chosen problem hidden since stays hidden (the automatic pick takes its place).
    .where('problems.visible', '=', 1)
    .executeTakeFirst();

/** The ids the automatic pick chooses from: published problems with tests, in id order. */
export async function dailyCandidates(db: Db): Promise<number[]> {
  const rows = await live(db)
    .select('id')
    .where('visible', '=', 1)
    .where('test_case_num', '>', 0)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function setDaily(db: Db, date: string, problemId: number, now: string): Promise<void> {
  await db
    .insertInto('daily_problems')
    .values({ date, problem_id: problemId, create_time: now })
    .onConflict((oc) => oc.column('date').doUpdateSet({ problem_id: problemId, create_time: now }))
    .execute();
}

/** A deleted problem is nobody's daily or last opened problem any more. */
export async function forgetProblem(db: Db, problemId: number): Promise<void> {
  await db.deleteFrom('daily_problems').where('problem_id', '=', problemId).execute();
  await db.deleteFrom('problem_last').where('problem_id', '=', problemId).execute();
}

/** The live problem a user last opened; `visibleOnly`: not one hidden since. */
export const lastOpened = (db: Db, userId: number, visibleOnly: boolean) =>
  db
    .selectFrom('problem_last')
    .innerJoin('problems', 'problems.id', 'problem_last.problem_id')
    .select(['problems.id', 'problems.chinese_name', 'problem_last.language', 'problem_last.update_time'])
    .where('problem_last.user_id', '=', userId)
    .where('problems.is_delete', '=', 0)
    .$if(visibleOnly, (q) => q.where('problems.visible', '=', 1))
    .executeTakeFirst();

export async function setLastOpened(
  db: Db,
  userId: number,
  values: { problem_id: number; language: string | null; update_time: string },
): Promise<void> {
  await db
    .insertInto('problem_last')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
