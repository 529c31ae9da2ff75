import { useQuery } from '@tanstack/react-query';
import type {
  RejudgeApplied,
  RejudgeCreated,
  RejudgeCreateRequestRaw,
  RejudgeSetDetail,
  RejudgeSetSummary,
} from '../lib/contract';
import { post } from './http';
import { useInvalidate } from './query';

/** Rejudge sets of a contest (issue 26 part 4): admins, and the author of a user-created contest. */
const R = '/api/rejudge';

export const rejudgeSets = (competition_id: number) =>
  post<RejudgeSetSummary[]>(`${R}/list`, { query: { competition_id } });
export const rejudgeSet = (set_id: number) => post<RejudgeSetDetail>(`${R}/detail`, { query: { set_id } });
export const createRejudgeSet = (body: RejudgeCreateRequestRaw) =>
  post<RejudgeCreated>(`${R}/create`, { json: body });
export const applyRejudgeSet = (set_id: number) => post<RejudgeApplied>(`${R}/apply`, { query: { set_id } });
export const cancelRejudgeSet = (set_id: number) => post<null>(`${R}/cancel`, { query: { set_id } });

// ---------------------------------------------------------------- query hooks

export const rejudgeKeys = {
  all: ['rejudge'] as const,
  contest: (competitionId: number) => ['rejudge', 'contest', competitionId] as const,
  set: (setId: number) => ['rejudge', 'set', setId] as const,
};

/** A set still judging is read again every second (its progress, then its results). */
const POLL_MS = 1000;

export const useRejudgeSets = (competitionId: number) =>
  useQuery({
    queryKey: rejudgeKeys.contest(competitionId),
    queryFn: () => rejudgeSets(competitionId),
    enabled: competitionId > 0,
    refetchInterval: (q) => (q.state.data?.some((s) => s.state === 'judging') ? POLL_MS : false),
  });
export const useRejudgeSet = (setId: number) =>
  useQuery({
    queryKey: rejudgeKeys.set(setId),
    queryFn: () => rejudgeSet(setId),
    enabled: setId > 0,
    refetchInterval: (q) => (q.state.data?.state === 'judging' ? POLL_MS : false),
  });
/** After a create, apply or cancel: every list and set shown. */
export const useRefreshRejudge = () => useInvalidate(rejudgeKeys.all);
