import { algorithmTagIndex, type SolvedBreakdown } from '@oj/shared';
import { sql } from 'kysely';
import type { Db } from './repo';

/** Problems of a scope and how many a user solved, grouped by one key (a difficulty or a tag id). */
export interface SolvedCount {
  key: number;
  solved: number;
  total: number;
}

/**
 * A user's solved problems by difficulty and by tag (a class's student insight, docs/classes.md):
 * two grouped statements. The scope is the published bank (`ids` null) or some problems (a class's
 * homework, hidden ones included: the teacher chose them); deleted problems never count.
 */
export async function solvedBreakdown(
  db: Db,
  userId: number,
  ids: number[] | null,
): Promise<{ byDifficulty: SolvedCount[]; byTag: SolvedCount[] }> {
  if (ids !== null && !ids.length) return { byDifficulty: [], byTag: [] };
  const solved = sql<string | number>`sum(case when s.solved = 1 then 1 else 0 end)`;
  const base = () => {
    let b = db
      .selectFrom('problems as p')
      .leftJoin('user_problem_status as s', (j) =>
        j.onRef('s.problem_id', '=', 'p.id').on('s.user_id', '=', userId),
      )
      .where('p.is_delete', '=', 0);
    b = ids === null ? b.where('p.visible', '=', 1) : b.where('p.id', 'in', ids);
    return b;
  };
  const [byDifficulty, byTag] = await Promise.all([
    base()
      .select(['p.difficulty as key', sql<string | number>`count(*)`.as('total'), solved.as('solved')])
      .groupBy('p.difficulty')
      .orderBy('p.difficulty')
      .execute(),
    base()
      .innerJoin('problem_tags as t', 't.problem_id', 'p.id')
      .select(['t.tag_id as key', sql<string | number>`count(*)`.as('total'), solved.as('solved')])
      .groupBy('t.tag_id')
      .orderBy('t.tag_id')
      .execute(),
  ]);
  const counts = (rows: { key: number; total: string | number; solved: string | number | null }[]) =>
    rows.map((r) => ({ key: Number(r.key), total: Number(r.total), solved: Number(r.solved ?? 0) }));
  return { byDifficulty: counts(byDifficulty), byTag: counts(byTag) };
}

/**
 * Ids of the live problems a user solved, ascending, one statement (a user card's 练习情况):
 * `visibleOnly` keeps the published ones, the bank's rule for everyone but admins, so a hidden or
 * class-private problem is never named to a viewer who may not see it.
 */
export async function solvedProblemIds(db: Db, userId: number, visibleOnly: boolean): Promise<number[]> {
  const rows = await db
    .selectFrom('user_problem_status as s')
    .innerJoin('problems as p', 'p.id', 's.problem_id')
    .select('p.id')
    .where('s.user_id', '=', userId)
    .where('s.solved', '=', 1)
    .where('p.is_delete', '=', 0)
    .$if(visibleOnly, (q) => q.where('p.visible', '=', 1))
    .orderBy('p.id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** A breakdown in the contract's shape (class insight, user card): tags named, the most solved first. */
export function presentBreakdown(b: { byDifficulty: SolvedCount[]; byTag: SolvedCount[] }): SolvedBreakdown {
  return {
    solved: b.byDifficulty.reduce((n, r) => n + r.solved, 0),
    total: b.byDifficulty.reduce((n, r) => n + r.total, 0),
    by_difficulty: b.byDifficulty.map((r) => ({ difficulty: r.key, solved: r.solved, total: r.total })),
    by_tag: b.byTag
      .map((r) => ({
        tag_id: r.key,
        tag_name: algorithmTagIndex.byId(r.key)?.tag_name ?? `标签 ${r.key}`,
        solved: r.solved,
        total: r.total,
      }))
      .sort((x, y) => y.solved - x.solved || y.total - x.total || x.tag_id - y.tag_id),
  };
}
