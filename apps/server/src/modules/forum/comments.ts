import type { CommentInput, CommentPage, CommentsQuery, CommentView } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { loadMarkdownHtml } from '../../lib/markdown-html';
import * as comments from './comments-repo';
import type { Forum } from './deps';
import { readablePost } from './posts';
import { lockPost, recount } from './posts-repo';
import { mayDeleteComment, presentComment } from './present';
import { inTransaction } from './repo';
import { thumbedComments } from './thumbs-repo';

/** Adds a comment, or a reply nested under a top-level comment (a reply to a reply joins its floor). */
export async function addComment(d: Forum, viewer: Viewer, input: CommentInput): Promise<number> {
  const reason = await d.writeGate(viewer.uuid);
  if (reason) throw forbidden(reason);
  const post = await readablePost(d, viewer, input.post_id);
  if (post.locked) throw forbidden('帖子已被锁定，不能再评论');
  let parent: { id: number; author_id: number } | null = null;
  if (input.parent_id) {
    const p = await comments.commentOfPost(d.db, input.parent_id, post.id);
    if (!p || p.is_delete) throw badRequest('回复的评论不存在或已被删除', 'parent_id');
    parent = p.parent_id === null ? p : await comments.commentAuthor(d.db, p.parent_id);
  }
  const added = (id: number) => ({
    comment_id: id,
    post_id: post.id,
    post_title: post.title,
    post_author_id: post.author_id,
    parent_author_id: parent?.author_id ?? null,
    author_id: viewer.uuid,
    content: input.content,
  });
  const id = await inTransaction(d.db, async (trx) => {
    await lockPost(trx, post.id);
    const c = await comments.insertComment(trx, {
      post_id: post.id,
      parent_id: parent?.id ?? null,
      author_id: viewer.uuid,
      content: input.content,
      create_time: nowIso(),
    });
    await recount(trx, post.id);
    await d.outbox.add(trx, 'post', post.id);
    // Its notifications, in the same transaction: a crash after the commit loses none.
    await d.outbox.add(trx, 'comment.added', c, added(c));
    return c;
  });
  d.bus.emit('comment.added', added(id));
  return id;
}

/** Soft-deletes a comment: its author, the post's author or an admin. */
export async function removeComment(d: Forum, viewer: Viewer, commentId: number): Promise<void> {
  const c = await comments.commentWithPostAuthor(d.db, commentId);
  if (!c || c.is_delete) throw notFound('评论不存在或已被删除');
  if (!mayDeleteComment(viewer, c.author_id, c.post_author))
    throw forbidden('只有评论者、帖子作者或管理员可以删除这条评论');
  await deleteCommentRow(d, c);
}

/** Soft-deletes a comment and counts the post's comments again, whoever was allowed to. */
export async function deleteCommentRow(d: Forum, c: { id: number; post_id: number }): Promise<void> {
  await inTransaction(d.db, async (trx) => {
    await lockPost(trx, c.post_id);
    await comments.softDeleteComment(trx, c.id);
    await recount(trx, c.post_id);
    await d.outbox.add(trx, 'post', c.post_id);
  });
}

/**
 * Top-level comments of a post, oldest first, paged, each with its live replies. A deleted
 * top-level comment keeps its place (without content) while it has replies.
 */
export async function listComments(d: Forum, viewer: Viewer, q: CommentsQuery): Promise<CommentPage> {
  const post = await readablePost(d, viewer, q.post_id);
  const page = await comments.topComments(d.db, post.id, q);
  const tops = page.records;
  const replies = tops.length
    ? await comments.liveReplies(
        d.db,
        tops.map((t) => t.id),
      )
    : [];
  const all = [...tops, ...replies];
  const [briefs, thumbed] = await Promise.all([
    d.users.briefs(all.map((c) => c.author_id)),
    thumbedComments(
      d.db,
      viewer.uuid,
      all.map((c) => c.id),
    ),
    loadMarkdownHtml(),
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
