import type { NotificationKind, NotificationView } from '@oj/shared';
import type { UserBrief } from '../users';
import type { NotificationRow } from './tables';

/** A notification as its recipient sees it; the actor's name comes from the users module. */
export function presentNotification(row: NotificationRow, names: Map<number, UserBrief>): NotificationView {
  const actor = row.actor_id === null ? undefined : names.get(row.actor_id);
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    actor: actor && row.actor_id !== null ? { uuid: row.actor_id, username: actor.username } : null,
    post_id: row.post_id,
    comment_id: row.comment_id,
    title: row.title,
    excerpt: row.excerpt,
    read: row.is_read === 1,
    create_time: row.create_time,
  };
}
