import type { SimilarityDeps } from './deps';
import { pairDetail, pairsPage } from './pairs';
import { runDue, runNow } from './run';

/**
 * Code similarity (issue 18): winnowing over normalised token streams (tokenize.ts, winnow.ts),
 * per contest, stored (similarity_runs, similarity_pairs). Admins only (routes.ts).
 */
export function createSimilarityService(d: SimilarityDeps) {
  return {
    run: (id: number) => runNow(d, id),
    runDue: () => runDue(d),
    pairs: (id: number, pageNum: number) => pairsPage(d, id, pageNum),
    pair: (pairId: number) => pairDetail(d, pairId),
  };
}
export type SimilarityService = ReturnType<typeof createSimilarityService>;
