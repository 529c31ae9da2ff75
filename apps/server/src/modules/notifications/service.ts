import type { MarkReadRequest, MarkReadResult, NotificationPage, PageQuery } from '@oj/shared';
import type { DomainEvents } from '../../events';
import type { NotificationsDeps } from './deps';
import { type NotifyContext, onComment, onPost } from './notify';
import { presentNotification } from './present';
import { createNotificationsRepo } from './repo';

/**
 * 站内消息: the composition root hands this node's forum events to `onComment` / `onPost`; the
 * routes read and mark the caller's own notifications. Every change of a user's notifications is
 * announced as `notification.changed`, which reaches every node (the live unread badges).
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const c: NotifyContext = { ...deps, repo: createNotificationsRepo(deps.db) };
  return {
    onComment: (e: DomainEvents['comment.added']) => onComment(c, e),
    onPost: (e: DomainEvents['post.changed']) => onPost(c, e),
    unread: (userId: number) => c.repo.unread(userId),
    async list(userId: number, page: PageQuery): Promise<NotificationPage> {
      const rows = await c.repo.page(userId, page);
      const actors = rows.records.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id]));
      const names = await c.users.briefs(actors);
      return { ...rows, records: rows.records.map((r) => presentNotification(r, names)) };
    },
    async markRead(userId: number, req: MarkReadRequest): Promise<MarkReadResult> {
      const updated = await c.repo.markRead(userId, 'all' in req ? null : req.ids);
      if (updated) c.bus.emit('notification.changed', { user_id: userId });
      return { updated, count: await c.repo.unread(userId) };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
