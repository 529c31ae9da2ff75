import { sql } from 'kysely';
import type { Db } from './repo';

/** Thumbs of posts and comments: one row per user and item. */

/** Gives a thumb (a second one is the same thumb). */
export async function addPostThumb(db: Db, userId: number, postId: number, time: string): Promise<void> {
  await db
    .insertInto('post_thumbs')
    .values({ user_id: userId, post_id: postId, create_time: time })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .execute();
}

export async function removePostThumb(db: Db, userId: number, postId: number): Promise<void> {
  await db.deleteFrom('post_thumbs').where('post_id', '=', postId).where('user_id', '=', userId).execute();
}

export async function hasPostThumb(db: Db, userId: number, postId: number): Promise<boolean> {
  const r = await db
    .selectFrom('post_thumbs')
    .select('post_id')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(r);
}

/** Which of these posts the user thumbed (none for a visitor). */
export async function thumbedPosts(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (userId < 0 || !ids.length) return new Set();
  const rows = await db
    .selectFrom('post_thumbs')
    .select('post_id')
    .where('user_id', '=', userId)
    .where('post_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.post_id));
}

/** Which of these comments the user thumbed (none for a visitor). */
export async function thumbedComments(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (userId < 0 || !ids.length) return new Set();
  const rows = await db
    .selectFrom('comment_thumbs')
    .select('comment_id')
    .where('user_id', '=', userId)
    .where('comment_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.comment_id));
}

/** Locks the comment's row until the transaction ends (as `lockPost` does for a post). */
export async function lockComment(trx: Db, id: number): Promise<void> {
  await trx
    .updateTable('comments')
    .set((eb) => ({ thumbs: eb.ref('thumbs') }))
    .where('id', '=', id)
    .execute();
}

export async function addCommentThumb(
  db: Db,
  userId: number,
  commentId: number,
  time: string,
): Promise<void> {
  await db
    .insertInto('comment_thumbs')
    .values({ user_id: userId, comment_id: commentId, create_time: time })
    .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
    .execute();
}

export async function removeCommentThumb(db: Db, userId: number, commentId: number): Promise<void> {
  await db
    .deleteFrom('comment_thumbs')
    .where('comment_id', '=', commentId)
    .where('user_id', '=', userId)
    .execute();
}

/** Counts the comment's thumbs again; answers the count. */
export async function recountCommentThumbs(trx: Db, id: number): Promise<number> {
  const counted = trx
    .selectFrom('comment_thumbs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('comment_id', '=', id);
  const r = await trx
    .updateTable('comments')
    .set({ thumbs: sql<number>`(${counted})` })
    .where('id', '=', id)
    .returning('thumbs')
    .executeTakeFirstOrThrow();
  return Number(r.thumbs);
}
