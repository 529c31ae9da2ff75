import type { ThumbState } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { commentOfPost } from './comments-repo';
import type { Forum } from './deps';
import { readablePost } from './posts';
import { lockPost, recount } from './posts-repo';
import { inTransaction } from './repo';
import * as thumbs from './thumbs-repo';

/**
 * Gives (status 1) or takes back (0) a thumb. One row per user and post makes it idempotent; the
 * post's row is locked first and the thumbs counted again, so the count is exact however many
 * requests run at once.
 */
export async function thumbPost(
  d: Forum,
  viewer: Viewer,
  postId: number,
  status: number,
): Promise<ThumbState> {
  await readablePost(d, viewer, postId);
  const n = await inTransaction(d.db, async (trx) => {
    await lockPost(trx, postId);
    if (status === 1) await thumbs.addPostThumb(trx, viewer.uuid, postId, nowIso());
    else await thumbs.removePostThumb(trx, viewer.uuid, postId);
    const counted = await recount(trx, postId);
    await d.outbox.add(trx, 'post', postId);
    return counted;
  });
  return { thumbed: status === 1, thumbs: n };
}

export async function postThumbState(d: Forum, viewer: Viewer, postId: number): Promise<ThumbState> {
  const r = await readablePost(d, viewer, postId);
  const mine = viewer.uuid > 0 && (await thumbs.hasPostThumb(d.db, viewer.uuid, postId));
  return { thumbed: mine, thumbs: r.thumbs };
}

/** A comment's thumb, counted exactly as a post's is (its row locked first). */
export async function thumbComment(
  d: Forum,
  viewer: Viewer,
  q: { comment_id: number; post_id: number; status: number },
): Promise<ThumbState> {
  await readablePost(d, viewer, q.post_id);
  const c = await commentOfPost(d.db, q.comment_id, q.post_id);
  if (!c || c.is_delete) throw notFound('评论不存在或已被删除');
  const n = await inTransaction(d.db, async (trx) => {
    await thumbs.lockComment(trx, c.id);
    if (q.status === 1) await thumbs.addCommentThumb(trx, viewer.uuid, c.id, nowIso());
    else await thumbs.removeCommentThumb(trx, viewer.uuid, c.id);
    return thumbs.recountCommentThumbs(trx, c.id);
  });
  return { thumbed: q.status === 1, thumbs: n };
}
