import type { Insertable, Kysely } from 'kysely';
import type { PageQuery } from '@oj/shared';
import { paginateQuery } from '../../lib/pagination';
import type { NotificationsTable, NotificationsTables } from './tables';

/** Rows of the notifications table; only this module touches it, through these functions. */
type Db = Kysely<NotificationsTables>;

export type NewNotification = Insertable<NotificationsTable>;

const mine = (db: Db, userId: number) => db.selectFrom('notifications').where('user_id', '=', userId);

/**
 * Stores new notifications; answers the recipients of those actually stored. A row whose
 * (source, recipient) exists already is skipped (the same event delivered again).
 */
export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<number[]> {
  if (!rows.length) return [];
  const stored = await db
    .insertInto('notifications')
    .values(rows)
    .onConflict((oc) => oc.columns(['source', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return stored.map((r) => r.user_id);
}

/** A user's notifications, newest first. */
export const notificationsPage = (db: Db, userId: number, page: PageQuery) =>
  paginateQuery(
    page,
    () => mine(db, userId),
    (q) => q.selectAll().orderBy('id', 'desc'),
  );

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await mine(db, userId)
    .where('is_read', '=', 0)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks some (or, `ids` null, all) of a user's unread notifications read; answers how many changed. */
export async function markRead(db: Db, userId: number, ids: number[] | null): Promise<number> {
  let q = db
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('user_id', '=', userId)
    .where('is_read', '=', 0);
  if (ids) q = q.where('id', 'in', ids);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Users already told of a mention in this post (or this comment of it), so an edit does not repeat it. */
export async function alreadyMentioned(
  db: Db,
  userIds: number[],
  postId: number,
  commentId: number | null,
): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  let q = db
    .selectFrom('notifications')
    .select('user_id')
    .where('kind', '=', 'mention')
    .where('post_id', '=', postId)
    .where('user_id', 'in', userIds);
  q = commentId === null ? q.where('comment_id', 'is', null) : q.where('comment_id', '=', commentId);
  return new Set((await q.execute()).map((r) => r.user_id));
}
