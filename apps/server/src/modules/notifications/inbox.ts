import type { MarkReadRequest, MarkReadResult, NotificationPage, PageQuery } from '@oj/shared';
import type { NotificationsDeps } from './deps';
import { presentNotification } from './present';
import * as repo from './repo';

/** The caller's own notifications: the list, the unread count, marking read. */

export const unread = (d: NotificationsDeps, userId: number): Promise<number> =>
  repo.unreadCount(d.db, userId);

export async function list(d: NotificationsDeps, userId: number, page: PageQuery): Promise<NotificationPage> {
  const rows = await repo.notificationsPage(d.db, userId, page);
  const actors = rows.records.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id]));
  const names = await d.users.briefs(actors);
  return { ...rows, records: rows.records.map((r) => presentNotification(r, names)) };
}

/** Marks read; a change is announced (`notification.changed`), so every node's badge follows. */
export async function markRead(
  d: NotificationsDeps,
  userId: number,
  req: MarkReadRequest,
): Promise<MarkReadResult> {
  const updated = await repo.markRead(d.db, userId, 'all' in req ? null : req.ids);
  if (updated) d.bus.emit('notification.changed', { user_id: userId });
  return { updated, count: await repo.unreadCount(d.db, userId) };
}
