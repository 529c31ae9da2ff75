import type { PageQuery } from '@oj/shared';
import type { Insertable } from 'kysely';
import { paginateQuery } from '../../lib/pagination';
import type { Db } from './repo';
import type { CommentDbRow, CommentsTable } from './tables';

/** Comments and replies (楼中楼): the forum's comment aggregate. */

/** A comment of that post (deleted ones too), for a reply or a thumb. */
export const commentOfPost = (db: Db, id: number, postId: number) =>
  db
    .selectFrom('comments')
    .select(['id', 'parent_id', 'author_id', 'is_delete'])
    .where('id', '=', id)
    .where('post_id', '=', postId)
    .executeTakeFirst();

/** The top-level comment a reply joins, and its author. */
export const commentAuthor = (db: Db, id: number) =>
  db.selectFrom('comments').select(['id', 'author_id']).where('id', '=', id).executeTakeFirstOrThrow();

/** A comment (deleted ones too) and the post it is under. */
export const commentRef = (db: Db, id: number) =>
  db.selectFrom('comments').select(['id', 'post_id', 'is_delete']).where('id', '=', id).executeTakeFirst();

/** A comment with its post's author (who may delete it). */
export const commentWithPostAuthor = (db: Db, id: number) =>
  db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select([
      'comments.id',
      'comments.post_id',
      'comments.author_id',
      'comments.is_delete',
      'posts.author_id as post_author',
    ])
    .where('comments.id', '=', id)
    .executeTakeFirst();

export async function insertComment(db: Db, row: Insertable<CommentsTable>): Promise<number> {
  const c = await db.insertInto('comments').values(row).returning('id').executeTakeFirstOrThrow();
  return c.id;
}

export async function softDeleteComment(db: Db, id: number): Promise<void> {
  await db.updateTable('comments').set({ is_delete: 1 }).where('id', '=', id).execute();
}

/**
 * Top-level comments of a post, oldest first, paged. A deleted one keeps its place while it has
 * live replies.
 */
export const topComments = (db: Db, postId: number, page: PageQuery) =>
  paginateQuery(
    page,
    () =>
      db
        .selectFrom('comments')
        .where('comments.post_id', '=', postId)
        .where('comments.parent_id', 'is', null)
        .where((eb) =>
          eb.or([
            eb('comments.is_delete', '=', 0),
            eb.exists(
              eb
                .selectFrom('comments as r')
                .select('r.id')
                .whereRef('r.parent_id', '=', 'comments.id')
                .where('r.is_delete', '=', 0),
            ),
          ]),
        ),
    (b) => b.selectAll('comments').orderBy('comments.id', 'asc'),
  );

/** The live replies of these top-level comments, oldest first. */
export const liveReplies = (db: Db, parentIds: number[]): Promise<CommentDbRow[]> =>
  db
    .selectFrom('comments')
    .selectAll()
    .where('parent_id', 'in', parentIds)
    .where('is_delete', '=', 0)
    .orderBy('id', 'asc')
    .execute();

/** The comments among `ids` that are live under a live post, as moderation describes them. */
export const liveCommentsByIds = (db: Db, ids: number[]) =>
  db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select(['comments.id', 'comments.post_id', 'comments.content', 'comments.author_id', 'posts.title'])
    .where('comments.id', 'in', ids)
    .where('comments.is_delete', '=', 0)
    .where('posts.is_delete', '=', 0)
    .execute();
