import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchRequestInput, SearchResult } from '../lib/contract';
import { post } from './http';

/** `POST /api/search/all/vo` (packages/shared/src/api/search.ts). */
export const searchAll = (q: SearchRequestInput) => post<SearchResult>('/api/search/all/vo', { json: q });

export const searchKeys = {
  all: ['search'] as const,
  results: (q: SearchRequestInput) => ['search', q] as const,
};

export const useSearch = (q: SearchRequestInput, enabled = true) =>
  useQuery({
    queryKey: searchKeys.results(q),
    queryFn: () => searchAll(q),
    placeholderData: keepPreviousData,
    enabled,
  });
