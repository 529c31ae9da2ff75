import type { MarkReadRequest, PageQuery } from '@oj/shared';
import type { DomainEvents } from '../../events';
import type { NotificationsDeps } from './deps';
import * as inbox from './inbox';
import { onComment, onHomework, onPost, onRejudged, type RejudgedNotice } from './notify';

/**
 * 站内消息: the composition root hands this node's forum events to `onComment` / `onPost`
 * (notify.ts); the routes read and mark the caller's own notifications (inbox.ts). Every change of
 * a user's notifications is announced as `notification.changed`, which reaches every node (the live
 * unread badges).
 */
export function createNotificationsService(d: NotificationsDeps) {
  return {
    onComment: (e: DomainEvents['comment.added']) => onComment(d, e),
    onPost: (e: DomainEvents['post.changed']) => onPost(d, e),
    /** Verdicts an applied rejudge set changed (modules/rejudge). */
    onRejudged: (notices: RejudgedNotice[]) => onRejudged(d, notices),
    /** A class's homework published or its deadline near (modules/classes homework). */
    onHomework: (notices: RejudgedNotice[]) => onHomework(d, notices),
    unread: (userId: number) => inbox.unread(d, userId),
    list: (userId: number, page: PageQuery) => inbox.list(d, userId, page),
    markRead: (userId: number, req: MarkReadRequest) => inbox.markRead(d, userId, req),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
