import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SimilarityPage, SimilarityPairDetail, SimilarityRun } from '../lib/contract';
import { post } from './http';
import { useInvalidate } from './query';

/** Code similarity of a contest (issue 18), admins only. */
const S = '/api/similarity/admin';

export const similarityPairs = (competition_id: number, pageNum: number) =>
  post<SimilarityPage>(`${S}/pairs`, { query: { competition_id, pageNum } });
export const runSimilarity = (competition_id: number) => post<SimilarityRun>(`${S}/run`, { query: { competition_id } });
export const similarityPair = (pair_id: number) => post<SimilarityPairDetail>(`${S}/pair`, { query: { pair_id } });

// ---------------------------------------------------------------- query hooks

export const similarityKeys = {
  all: ['similarity'] as const,
  contest: (competitionId: number) => ['similarity', 'contest', competitionId] as const,
  page: (competitionId: number, page: number) => ['similarity', 'contest', competitionId, page] as const,
  pair: (pairId: number) => ['similarity', 'pair', pairId] as const,
};

export const useSimilarityPairs = (competitionId: number, page: number) =>
  useQuery({
    queryKey: similarityKeys.page(competitionId, page),
    queryFn: () => similarityPairs(competitionId, page),
    enabled: competitionId > 0,
    placeholderData: keepPreviousData,
  });
/** After a new run: every page of that contest. */
export const useRefreshSimilarity = () => useInvalidate(similarityKeys.contest);
export const useSimilarityPair = (pairId: number) =>
  useQuery({ queryKey: similarityKeys.pair(pairId), queryFn: () => similarityPair(pairId) });
