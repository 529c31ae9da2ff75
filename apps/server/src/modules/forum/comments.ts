import type { CommentInput, CommentPage, CommentsQuery, CommentView } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { paginateQuery } from '../../lib/pagination';
import type { Forum } from './deps';
import { mayDeleteComment, presentComment } from './present';
import { lockPost, now, recount, thumbedComments } from './repo';
import { readablePost } from './posts';

/** Adds a comment, or a reply nested under a top-level comment (a reply to a reply joins its floor). */
export async function addComment(f: Forum, viewer: Viewer, input: CommentInput): Promise<number> {
  const reason = await f.writeGate(viewer.uuid);
  if (reason) throw forbidden(reason);
  const post = await readablePost(f, viewer, input.post_id);
  if (post.locked) throw forbidden('帖子已被锁定，不能再评论');
  let parent: { id: number; author_id: number } | null = null;
  if (input.parent_id) {
    const p = await f.db
      .selectFrom('comments')
      .select(['id', 'parent_id', 'author_id', 'is_delete'])
      .where('id', '=', input.parent_id)
      .where('post_id', '=', post.id)
      .executeTakeFirst();
    if (!p || p.is_delete) throw badRequest('回复的评论不存在或已被删除', 'parent_id');
    parent =
      p.parent_id === null
        ? p
        : await f.db
            .selectFrom('comments')
            .select(['id', 'author_id'])
            .where('id', '=', p.parent_id)
            .executeTakeFirstOrThrow();
  }
  const id = await f.db.transaction().execute(async (trx) => {
    await lockPost(trx, post.id);
    const c = await trx
      .insertInto('comments')
      .values({
        post_id: post.id,
        parent_id: parent?.id ?? null,
        author_id: viewer.uuid,
        content: input.content,
        create_time: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recount(trx, post.id);
    await f.outbox.add(trx, 'post', post.id);
    return c.id;
  });
  f.bus.emit('comment.added', {
    comment_id: id,
    post_id: post.id,
    post_title: post.title,
    post_author_id: post.author_id,
    parent_author_id: parent?.author_id ?? null,
    author_id: viewer.uuid,
    content: input.content,
  });
  return id;
}

/** Soft-deletes a comment: its author, the post's author or an admin. */
export async function removeComment(f: Forum, viewer: Viewer, commentId: number): Promise<void> {
  const c = await f.db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select([
      'comments.id',
      'comments.post_id',
      'comments.author_id',
      'comments.is_delete',
      'posts.author_id as post_author',
    ])
    .where('comments.id', '=', commentId)
    .executeTakeFirst();
  if (!c || c.is_delete) throw notFound('评论不存在或已被删除');
  if (!mayDeleteComment(viewer, c.author_id, c.post_author))
    throw forbidden('只有评论者、帖子作者或管理员可以删除这条评论');
  await deleteCommentRow(f, c);
}

/** Soft-deletes a comment and counts the post's comments again, whoever was allowed to. */
export async function deleteCommentRow(f: Forum, c: { id: number; post_id: number }): Promise<void> {
  await f.db.transaction().execute(async (trx) => {
    await lockPost(trx, c.post_id);
    await trx.updateTable('comments').set({ is_delete: 1 }).where('id', '=', c.id).execute();
    await recount(trx, c.post_id);
    await f.outbox.add(trx, 'post', c.post_id);
  });
}

/**
 * Top-level comments of a post, oldest first, paged, each with its live replies. A deleted
 * top-level comment keeps its place (without content) while it has replies.
 */
export async function listComments(f: Forum, viewer: Viewer, q: CommentsQuery): Promise<CommentPage> {
  const post = await readablePost(f, viewer, q.post_id);
  const page = await paginateQuery(
    q,
    () =>
      f.db
        .selectFrom('comments')
        .where('comments.post_id', '=', post.id)
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
  const tops = page.records;
  const replies = tops.length
    ? await f.db
        .selectFrom('comments')
        .selectAll()
        .where(
          'parent_id',
          'in',
          tops.map((t) => t.id),
        )
        .where('is_delete', '=', 0)
        .orderBy('id', 'asc')
        .execute()
    : [];
  const all = [...tops, ...replies];
  const [briefs, thumbed] = await Promise.all([
    f.users.briefs(all.map((c) => c.author_id)),
    thumbedComments(
      f,
      viewer.uuid,
      all.map((c) => c.id),
    ),
  ]);
  const ctx = { briefs, thumbed, viewer, postAuthor: post.author_id };
  const byParent = new Map<number, CommentView[]>();
  for (const r of replies) {
    const list = byParent.get(r.parent_id!) ?? [];
    list.push(presentComment(r, ctx, []));
    byParent.set(r.parent_id!, list);
  }
  return { ...page, records: tops.map((t) => presentComment(t, ctx, byParent.get(t.id) ?? [])) };
}
