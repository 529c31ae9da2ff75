import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnnounceRequest,
  AnswerRequest,
  AskRequest,
  ClarificationBoard,
  ClarificationEvent,
  ClarificationUnread,
  OpenClarificationContest,
} from '../lib/contract';
import { buildUrl, post } from './http';
import { useInvalidate } from './query';

/** 答疑 and contest announcements (issue 18, `/api/clarifications`). */
const Q = '/api/clarifications';

/** The limits of packages/shared CLARIFICATION_LIMITS (a zod module: not loaded by the sites). */
export const QUESTION_MAX = 1000;
export const ANSWER_MAX = 2000;

export const clarificationBoard = (competition_id: number) =>
  post<ClarificationBoard>(`${Q}/list`, { query: { competition_id }, silent: true });
export const markClarificationsRead = (competition_id: number) =>
  post<ClarificationUnread>(`${Q}/read`, { query: { competition_id }, silent: true });
export const askQuestion = (body: AskRequest) => post<{ id: number }>(`${Q}/ask`, { json: body });
export const answerQuestion = (body: AnswerRequest) => post<null>(`${Q}/answer`, { json: body });
export const announce = (body: AnnounceRequest) => post<{ id: number }>(`${Q}/announce`, { json: body });
export const deleteAnnouncement = (announcement_id: number) =>
  post<null>(`${Q}/announcement/delete`, { query: { announcement_id } });
export const openClarificationContests = () => post<OpenClarificationContest[]>(`${Q}/admin/open`);

export const clarificationKeys = {
  all: ['clarifications'] as const,
  board: (id: number) => ['clarifications', id] as const,
  /** The management site's contests with questions. */
  openContests: ['clarifications', 'admin', 'open'] as const,
};

/** After an answer, a question or an announcement: that contest's board. */
export const useRefreshClarifications = () => useInvalidate(clarificationKeys.board);
export const useOpenClarificationContests = () =>
  useQuery({ queryKey: clarificationKeys.openContests, queryFn: openClarificationContests });
export const useRefreshOpenClarificationContests = () => useInvalidate(clarificationKeys.openContests);

/**
 * A contest's announcements and clarifications, live: the board is fetched, then refetched on
 * every `clarification` event of the SSE stream (which also carries the unread count). EventSource
 * reconnects by itself. Disabled (null) when not logged in or the contest is not readable.
 */
export function useClarifications(competitionId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const board = useQuery({
    queryKey: clarificationKeys.board(competitionId),
    queryFn: () => clarificationBoard(competitionId),
    enabled,
    retry: false,
  });
  const [unread, setUnread] = useState<number | null>(null);
  const readable = enabled && board.isSuccess;
  useEffect(() => {
    if (!readable) return;
    const source = new EventSource(buildUrl(`${Q}/stream`, { competition_id: competitionId }), { withCredentials: true });
    source.addEventListener('clarification', (msg) => {
      try {
        setUnread((JSON.parse((msg as MessageEvent<string>).data) as ClarificationEvent).unread);
      } catch {
        return;
      }
      // Also the first event of each (re)connection: what changed while it was down is fetched.
      void queryClient.invalidateQueries({ queryKey: clarificationKeys.board(competitionId) });
    });
    return () => source.close();
  }, [readable, competitionId, queryClient]);
  const data = board.data ?? null;
  return { board: data, unread: unread ?? data?.unread ?? 0, setUnread };
}
