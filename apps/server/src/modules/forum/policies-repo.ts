import type { Db } from './repo';

/** Solution policies of problems (`all` when there is no row; `after_ac`: solutions after an AC). */

/** Problems whose policy shows solutions only after an AC (`only`: is that one of them). */
export async function afterAcProblems(db: Db, only?: number): Promise<number[]> {
  let q = db.selectFrom('forum_solution_policies').select('problem_id').where('policy', '=', 'after_ac');
  if (only !== undefined) q = q.where('problem_id', '=', only);
  return (await q.execute()).map((r) => r.problem_id);
}

export async function policyOf(db: Db, problemId: number): Promise<string | undefined> {
  const r = await db
    .selectFrom('forum_solution_policies')
    .select('policy')
    .where('problem_id', '=', problemId)
    .executeTakeFirst();
  return r?.policy;
}

export async function upsertPolicy(db: Db, problemId: number, policy: string, time: string): Promise<void> {
  await db
    .insertInto('forum_solution_policies')
    .values({ problem_id: problemId, policy, update_time: time })
    .onConflict((oc) => oc.column('problem_id').doUpdateSet({ policy, update_time: time }))
    .execute();
}
