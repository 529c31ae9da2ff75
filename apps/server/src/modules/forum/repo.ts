import { sql, type Transaction } from 'kysely';
import type { Database, PostDbRow } from '../../db/types';
import { nowIso } from '../../lib/time';
import type { Forum } from './deps';
import { SUMMARY_CHARS } from './present';

type Trx = Transaction<Database>;

/** A post, deleted ones included (callers decide what a deleted post means to them). */
export const postRow = (f: Forum, id: number): Promise<PostDbRow | undefined> =>
  f.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();

/** The list columns: everything but the content, of which the first characters. */
export const LIST_COLUMNS = [
  'posts.id',
  'posts.title',
  'posts.category',
  'posts.problem_id',
  'posts.tags',
  'posts.author_id',
  'posts.thumbs',
  'posts.comments',
  'posts.readings',
  'posts.pinned',
  'posts.locked',
  'posts.hidden',
  'posts.is_delete',
  'posts.requirement_status',
  'posts.create_time',
  'posts.update_time',
] as const;
export const summarySql = sql<string>`substr(posts.content, 1, ${sql.lit(SUMMARY_CHARS)})`;

/** Hours since 1970 / 6: a post four days newer outranks one with four more thumbs... per day. */
export const hotBase = (iso: string) => Math.floor(Date.parse(iso) / 3_600_000 / 6);

/**
 * Locks the post's row until the transaction ends (PostgreSQL; SQLite writes one at a time), so
 * that counting afterwards sees every other committed change: exact counts under concurrency.
 */
export async function lockPost(trx: Trx, id: number): Promise<boolean> {
  const r = await trx
    .updateTable('posts')
    .set((eb) => ({ thumbs: eb.ref('thumbs') }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Counts thumbs and live comments again and the hot score with them. */
export async function recount(trx: Trx, id: number): Promise<number> {
  const thumbs = trx
    .selectFrom('post_thumbs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('post_id', '=', id);
  const comments = trx
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('post_id', '=', id)
    .where('is_delete', '=', 0);
  await trx
    .updateTable('posts')
    .set({
      thumbs: sql<number>`(${thumbs})`,
      comments: sql<number>`(${comments})`,
      hot: sql<number>`hot_base + 4 * (${thumbs}) + 2 * (${comments})`,
    })
    .where('id', '=', id)
    .execute();
  const row = await trx.selectFrom('posts').select('thumbs').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(row.thumbs);
}

/** Counts a reading: once per reader and post per day (the row's date moves). */
export async function countReading(f: Forum, postId: number, reader: string, date: string): Promise<void> {
  const r = await f.db
    .insertInto('post_reads')
    .values({ post_id: postId, viewer: reader, date })
    .onConflict((oc) =>
      oc.columns(['post_id', 'viewer']).doUpdateSet({ date }).where('post_reads.date', '<>', date),
    )
    .executeTakeFirst();
  if (Number(r.numInsertedOrUpdatedRows ?? 0) > 0)
    await f.db
      .updateTable('posts')
      .set((eb) => ({ readings: eb('readings', '+', 1) }))
      .where('id', '=', postId)
      .execute();
}

export async function thumbedPosts(f: Forum, userId: number, ids: number[]): Promise<Set<number>> {
  if (userId < 0 || !ids.length) return new Set();
  const rows = await f.db
    .selectFrom('post_thumbs')
    .select('post_id')
    .where('user_id', '=', userId)
    .where('post_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.post_id));
}

export async function thumbedComments(f: Forum, userId: number, ids: number[]): Promise<Set<number>> {
  if (userId < 0 || !ids.length) return new Set();
  const rows = await f.db
    .selectFrom('comment_thumbs')
    .select('comment_id')
    .where('user_id', '=', userId)
    .where('comment_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.comment_id));
}

export const now = nowIso;
