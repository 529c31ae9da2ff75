import type { SimilarityPage, SimilarityPairDetail, SimilarityRun } from '../lib/contract';
import { post } from './http';

/** Code similarity of a contest (issue 18), admins only. */
const S = '/api/similarity/admin';

export const similarityPairs = (competition_id: number, pageNum: number) =>
  post<SimilarityPage>(`${S}/pairs`, { query: { competition_id, pageNum } });
export const runSimilarity = (competition_id: number) => post<SimilarityRun>(`${S}/run`, { query: { competition_id } });
export const similarityPair = (pair_id: number) => post<SimilarityPairDetail>(`${S}/pair`, { query: { pair_id } });
