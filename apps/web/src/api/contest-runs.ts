import { useQuery } from '@tanstack/react-query';
import type { ContestRun } from '../lib/contract';
import { post } from './http';
import { useInvalidate } from './query';

/**
 * Issue 26 part 2: the caller's clock in a contest (a window contest's 开始, a virtual run), typed
 * by the shared contract (packages/shared/src/api/contest-runs.ts).
 */

const C = '/api/competition';

export const contestRun = (competition_id: number) =>
  post<ContestRun>(`${C}/run/mine`, { query: { competition_id }, silent: true });
export const startWindow = (competition_id: number) =>
  post<ContestRun>(`${C}/window/start`, { query: { competition_id } });
export const startVirtual = (competition_id: number) =>
  post<ContestRun>(`${C}/virtual/start`, { query: { competition_id } });

/** Under the contests' prefix: joining, starting or ending a contest reads it again. */
export const contestRunKey = (id: number) => ['competition', 'run', id] as const;

export const useContestRun = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: contestRunKey(id),
    queryFn: () => contestRun(id),
    enabled: id > 0 && enabled,
    retry: false,
  });
export const useRefreshContestRun = () => useInvalidate(contestRunKey);
