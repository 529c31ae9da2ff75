import type { AnnounceRequest, AnswerRequest, AskRequest } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import type { ContestAccess } from '../competitions';
import * as clarify from './clarify';
import type { ClarificationsDeps } from './deps';

/**
 * Clarifications (答疑) and contest announcements (issue 18): operations in clarify.ts, bound to
 * their dependencies. Every change is announced as `clarification.changed` (every node's streams).
 */
export function createClarificationsService(deps: ClarificationsDeps) {
  return {
    board: (viewer: Viewer, id: number) => clarify.board(deps, viewer, id),
    readable: (viewer: Viewer, id: number) => clarify.readableAccess(deps, viewer, id),
    unread: (viewer: Viewer, access: ContestAccess) => clarify.unread(deps, viewer, access),
    markRead: (viewer: Viewer, id: number) => clarify.markRead(deps, viewer, id),
    ask: (viewer: Viewer, req: AskRequest) => clarify.ask(deps, viewer, req),
    answer: (viewer: Viewer, req: AnswerRequest) => clarify.answer(deps, viewer, req),
    announce: (viewer: Viewer, req: AnnounceRequest) => clarify.announce(deps, viewer, req),
    removeAnnouncement: (viewer: Viewer, id: number) => clarify.removeAnnouncement(deps, viewer, id),
    openContests: () => clarify.openContests(deps),
  };
}
export type ClarificationsService = ReturnType<typeof createClarificationsService>;
