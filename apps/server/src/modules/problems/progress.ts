import { Difficulty, type SolvedProgress } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { live, type ProblemsDeps } from './repo';

/**
 * How many published problems there are of each difficulty and how many of them the viewer solved:
 * 2 grouped queries (the home page's progress). Hidden problems count for nobody.
 */
export async function progressOf(p: Pick<ProblemsDeps, 'db'>, viewer: Viewer): Promise<SolvedProgress> {
  const base = () => live(p).where('visible', '=', 1);
  const [totals, solved] = await Promise.all([
    base()
      .select(['difficulty', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('difficulty')
      .execute(),
    viewer.uuid > 0
      ? base()
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('user_problem_status')
              .select('problem_id')
              .where('user_id', '=', viewer.uuid)
              .where('solved', '=', 1),
          )
          .select(['difficulty', (eb) => eb.fn.countAll<number | string>().as('n')])
          .groupBy('difficulty')
          .execute()
      : Promise.resolve([]),
  ]);
  const count = (rows: { difficulty: number; n: number | string }[], d: number) =>
    Number(rows.find((r) => r.difficulty === d)?.n ?? 0);
  const by_difficulty = Object.values(Difficulty).map((d) => ({
    difficulty: d,
    total: count(totals, d),
    solved: count(solved, d),
  }));
  return {
    total: by_difficulty.reduce((s, x) => s + x.total, 0),
    solved: by_difficulty.reduce((s, x) => s + x.solved, 0),
    by_difficulty,
  };
}
