import type { ThumbState } from '@oj/shared';
import { sql } from 'kysely';
import type { Viewer } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import type { Forum } from './deps';
import { readablePost } from './posts';
import { lockPost, now, recount } from './repo';

/**
 * Gives (status 1) or takes back (0) a thumb. One row per user and post makes it idempotent; the
 * post's row is locked first and the thumbs counted again, so the count is exact however many
 * requests run at once.
 */
export async function thumbPost(
  f: Forum,
  viewer: Viewer,
  postId: number,
  status: number,
): Promise<ThumbState> {
  await readablePost(f, viewer, postId);
  const thumbs = await f.db.transaction().execute(async (trx) => {
    await lockPost(trx, postId);
    if (status === 1)
      await trx
        .insertInto('post_thumbs')
        .values({ user_id: viewer.uuid, post_id: postId, create_time: now() })
        .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
        .execute();
    else
      await trx
        .deleteFrom('post_thumbs')
        .where('post_id', '=', postId)
        .where('user_id', '=', viewer.uuid)
        .execute();
    const n = await recount(trx, postId);
    await f.outbox.add(trx, 'post', postId);
    return n;
  });
  return { thumbed: status === 1, thumbs };
}

export async function postThumbState(f: Forum, viewer: Viewer, postId: number): Promise<ThumbState> {
  const r = await readablePost(f, viewer, postId);
  const mine =
    viewer.uuid > 0 &&
    Boolean(
      await f.db
        .selectFrom('post_thumbs')
        .select('post_id')
        .where('post_id', '=', postId)
        .where('user_id', '=', viewer.uuid)
        .executeTakeFirst(),
    );
  return { thumbed: mine, thumbs: r.thumbs };
}

export async function thumbComment(
  f: Forum,
  viewer: Viewer,
  q: { comment_id: number; post_id: number; status: number },
): Promise<ThumbState> {
  await readablePost(f, viewer, q.post_id);
  const c = await f.db
    .selectFrom('comments')
    .select(['id', 'is_delete'])
    .where('id', '=', q.comment_id)
    .where('post_id', '=', q.post_id)
    .executeTakeFirst();
  if (!c || c.is_delete) throw notFound('评论不存在或已被删除');
  const thumbs = await f.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('comments')
      .set((eb) => ({ thumbs: eb.ref('thumbs') }))
      .where('id', '=', c.id)
      .execute();
    if (q.status === 1)
      await trx
        .insertInto('comment_thumbs')
        .values({ user_id: viewer.uuid, comment_id: c.id, create_time: now() })
        .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
        .execute();
    else
      await trx
        .deleteFrom('comment_thumbs')
        .where('comment_id', '=', c.id)
        .where('user_id', '=', viewer.uuid)
        .execute();
    const counted = trx
      .selectFrom('comment_thumbs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('comment_id', '=', c.id);
    const r = await trx
      .updateTable('comments')
      .set({ thumbs: sql<number>`(${counted})` })
      .where('id', '=', c.id)
      .returning('thumbs')
      .executeTakeFirstOrThrow();
    return Number(r.thumbs);
  });
  return { thumbed: q.status === 1, thumbs };
}
