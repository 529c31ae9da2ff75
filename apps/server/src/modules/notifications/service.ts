import type { MarkReadRequest, PageQuery } from '@oj/shared';
import type { DomainEvents } from '../../events';
import type { OutboxItem } from '../../lib/outbox';
import type { NotificationsDeps } from './deps';
import * as inbox from './inbox';
import { onComment, onHomework, onPost, onRejudged, type RejudgedNotice } from './notify';

/**
 * 站内消息: the forum's events reach `onComment` / `onPost` (notify.ts) through the outbox
 * (`commentsFromOutbox` / `postsFromOutbox`, registered by the composition root); the routes read and mark the caller's own notifications (inbox.ts). Every change of
 * a user's notifications is announced as `notification.changed`, which reaches every node (the live
 * unread badges).
 */
export function createNotificationsService(d: NotificationsDeps) {
  return {
    onComment: (e: DomainEvents['comment.added']) => onComment(d, e),
    onPost: (e: DomainEvents['post.changed']) => onPost(d, e),
    /**
     * The outbox consumers of the forum's `comment.added` / `post.changed` rows (written in the
     * forum's transactions, payload = the event): a notification per (event, recipient) at most,
     * so a batch delivered again, or handed to another node after a crash, adds nothing.
     */
    commentsFromOutbox: async (items: OutboxItem[]) => {
      for (const item of items)
        await onComment(
          d,
          JSON.parse(item.payload ?? 'null') as DomainEvents['comment.added'],
          `comment:${item.key}`,
        );
    },
    postsFromOutbox: async (items: OutboxItem[]) => {
      for (const item of items) {
        const e = JSON.parse(item.payload ?? 'null') as DomainEvents['post.changed'] & { event_id: string };
        await onPost(d, e, `post:${e.event_id}`);
      }
    },
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
