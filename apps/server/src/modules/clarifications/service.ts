import type { AnnounceRequest, AnswerRequest, AskRequest } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import type { ContestAccess } from '../competitions';
import * as clarify from './clarify';
import type { ClarificationsDeps } from './deps';

/**
 * Clarifications (答疑) and contest announcements (issue 18): operations in clarify.ts, bound to
 * their dependencies. Every change is announced as `clarification.changed` (every node's streams).
 */
export function createClarificationsService(d: ClarificationsDeps) {
  return {
    board: (viewer: Viewer, id: number) => clarify.board(d, viewer, id),
    readable: (viewer: Viewer, id: number) => clarify.readableAccess(d, viewer, id),
    unread: (viewer: Viewer, access: ContestAccess) => clarify.unread(d, viewer, access),
    markRead: (viewer: Viewer, id: number) => clarify.markRead(d, viewer, id),
    ask: (viewer: Viewer, req: AskRequest) => clarify.ask(d, viewer, req),
    answer: (viewer: Viewer, req: AnswerRequest) => clarify.answer(d, viewer, req),
    announce: (viewer: Viewer, req: AnnounceRequest) => clarify.announce(d, viewer, req),
    removeAnnouncement: (viewer: Viewer, id: number) => clarify.removeAnnouncement(d, viewer, id),
    openContests: () => clarify.openContests(d),
  };
}
export type ClarificationsService = ReturnType<typeof createClarificationsService>;
