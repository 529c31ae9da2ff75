import { Difficulty, type SolvedProgress } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import type { ProblemsDeps } from './deps';
import { countsByDifficulty } from './repo';

/**
 * How many published problems there are of each difficulty and how many of them the viewer solved:
 * 2 grouped queries (the home page's progress). Hidden problems count for nobody.
 */
export async function progressOf(d: Pick<ProblemsDeps, 'db'>, viewer: Viewer): Promise<SolvedProgress> {
  const [totals, solved] = await countsByDifficulty(d.db, viewer.uuid > 0 ? viewer.uuid : null);
  const count = (rows: { difficulty: number; n: number | string }[], n: number) =>
    Number(rows.find((r) => r.difficulty === n)?.n ?? 0);
  const by_difficulty = Object.values(Difficulty).map((n) => ({
    difficulty: n,
    total: count(totals, n),
    solved: count(solved, n),
  }));
  return {
    total: by_difficulty.reduce((s, x) => s + x.total, 0),
    solved: by_difficulty.reduce((s, x) => s + x.solved, 0),
    by_difficulty,
  };
}
