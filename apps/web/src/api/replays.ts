import { useQuery } from '@tanstack/react-query';
import type { ReplayDetail, ReplayLink, ReplayPage } from '../lib/contract';
import { get, post } from './http';
import { useInvalidate } from './query';

/** Code replay (/code-replay): my replays, one to play, a record's link, the owner's share switch. */
const R = '/api/code-replay';

export const myReplays = (pageNum: number) => post<ReplayPage>(`${R}/mine`, { query: { pageNum } });
export const getReplay = (q: { id?: number; submission_id?: number }) =>
  get<ReplayDetail>(`${R}/get`, { query: q, silent: true });
export const replayLink = (submission_id: number) =>
  post<ReplayLink>(`${R}/link`, { query: { submission_id }, silent: true });
export const shareReplay = (id: number, shared: boolean) =>
  post<null>(`${R}/share`, { json: { id, shared } });

// ---------------------------------------------------------------- query hooks

export const replayKeys = {
  all: ['replays'] as const,
  mine: ['replays', 'mine'] as const,
  minePage: (page: number) => ['replays', 'mine', page] as const,
  details: ['replays', 'detail'] as const,
  detail: (id: number | null, submissionId: number | null) => ['replays', 'detail', id, submissionId] as const,
};

export const useMyReplays = (page: number, enabled: boolean) =>
  useQuery({ queryKey: replayKeys.minePage(page), queryFn: () => myReplays(page), enabled });
/** Shared or not, seen from the player: the list shows it. */
export const useRefreshMyReplays = () => useInvalidate(replayKeys.mine);
/** One replay, by its id or by its submission's. */
export const useReplay = (id?: number, submissionId?: number) =>
  useQuery({
    queryKey: replayKeys.detail(id ?? null, submissionId ?? null),
    queryFn: () => getReplay(id !== undefined ? { id } : { submission_id: submissionId }),
    retry: false,
  });
/** Shared or not, seen from the list: an open player shows it. */
export const useRefreshReplays = () => useInvalidate(replayKeys.details);

// ---------------------------------------------------------------- the record page (issue 23)

/** The code replay of a submission, when there is one the viewer may play (the record page's link). */
export const replayLinkKey = (submissionId: number) => [...replayKeys.all, 'link', submissionId] as const;
export const useReplayLink = (submissionId: number) =>
  useQuery({
    queryKey: replayLinkKey(submissionId),
    queryFn: () => replayLink(submissionId),
    enabled: Number.isInteger(submissionId) && submissionId > 0,
  });
