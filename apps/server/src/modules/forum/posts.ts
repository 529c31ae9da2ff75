import type {
  PostCategory,
  PostDetail,
  PostInput,
  PostPage,
  PostSearchQuery,
  PostSort,
  ProblemPostsQuery,
  UserPostsQuery,
} from '@oj/shared';
import { randomUUID } from 'node:crypto';
import type { AnyTx } from '../../db/scoped';
import type { DomainEvents } from '../../events';
import type { Viewer } from '../../lib/auth';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { shanghaiDate } from '../problems';
import type { Forum } from './deps';
import * as posts from './posts-repo';
import { mayEdit, presentDetail, presentPost } from './present';
import { loadMarkdownHtml } from '../../lib/markdown-html';
import { inTransaction } from './repo';
import { checkProblemPosts, scopeOf } from './scope';
import { readsAll } from './solution-gate';
import type { PostDbRow } from './tables';
import { thumbedPosts } from './thumbs-repo';

type Action = DomainEvents['post.changed']['action'];

const postEvent = (
  r: PostDbRow,
  by: number,
  action: Action,
  content: string,
): DomainEvents['post.changed'] => ({
  post_id: r.id,
  author_id: r.author_id,
  by,
  title: r.title,
  category: r.category as PostCategory,
  problem_id: r.problem_id,
  action,
  content,
});

/** Tells the bus (the count cache, live pages) that a post changed; after the commit. */
export function emitPost(d: Forum, r: PostDbRow, by: number, action: Action, content = ''): void {
  d.bus.emit('post.changed', postEvent(r, by, action, content));
}

/**
 * Records the change for its notifications, in the writer's transaction (the outbox topic
 * `post.changed`, payload = the event and its own id), so a crash after the commit loses none.
 */
export function recordPost(
  d: Forum,
  trx: AnyTx,
  r: PostDbRow,
  by: number,
  action: Action,
  content = '',
): Promise<void> {
  return d.outbox.add(trx, 'post.changed', r.id, {
    ...postEvent(r, by, action, content),
    event_id: randomUUID(),
  });
}

async function checkMayWrite(d: Forum, viewer: Viewer): Promise<void> {
  const reason = await d.writeGate(viewer.uuid);
  if (reason) throw forbidden(reason);
}

async function checkProblem(d: Forum, viewer: Viewer, input: PostInput): Promise<void> {
  if (!input.problem_id) return;
  const p = await d.problems.row(input.problem_id);
  if (!p || (p.visible !== 1 && !readsAll(viewer)))
    throw badRequest(`题目 ${input.problem_id} 不存在`, 'problem_id');
}

export async function addPost(d: Forum, viewer: Viewer, input: PostInput): Promise<number> {
  await checkMayWrite(d, viewer);
  await checkProblem(d, viewer, input);
  const t = nowIso();
  const row = await inTransaction(d.db, async (trx) => {
    const r = await posts.insertPost(trx, {
      title: input.title,
      content: input.content,
      category: input.category,
      problem_id: input.problem_id ?? null,
      tags: JSON.stringify(input.tags),
      author_id: viewer.uuid,
      hot_base: posts.hotBase(t),
      hot: posts.hotBase(t),
      requirement_status: null,
      create_time: t,
      update_time: t,
    });
    await d.outbox.add(trx, 'post', r.id);
    await recordPost(d, trx, r, viewer.uuid, 'created', r.content);
    return r;
  });
  emitPost(d, row, viewer.uuid, 'created', row.content);
  return row.id;
}

/** A post that exists and is not deleted, or 404. */
export async function livePost(d: Forum, id: number): Promise<PostDbRow> {
  const r = await posts.postRow(d.db, id);
  if (!r || r.is_delete) throw notFound('帖子不存在或已被删除');
  return r;
}

async function editablePost(d: Forum, viewer: Viewer, id: number): Promise<PostDbRow> {
  const r = await livePost(d, id);
  if (!mayEdit(viewer, r.author_id)) throw forbidden('只有作者或管理员可以修改或删除这篇帖子');
  return r;
}

/** Edits title, content and tags; the version replaced is kept in the history. */
export async function modifyPost(d: Forum, viewer: Viewer, input: PostInput): Promise<void> {
  if (!input.post_id) throw badRequest('请指明要修改的帖子', 'post_id');
  await checkMayWrite(d, viewer);
  const old = await editablePost(d, viewer, input.post_id);
  if (input.category !== old.category || (input.problem_id ?? null) !== old.problem_id)
    throw badRequest('不能修改帖子的分类和所属题目', 'category');
  const t = nowIso();
  const row = await inTransaction(d.db, async (trx) => {
    await posts.insertPostEdit(trx, {
      post_id: old.id,
      editor_id: viewer.uuid,
      title: old.title,
      content: old.content,
      tags: old.tags,
      create_time: t,
    });
    const r = await posts.editPost(trx, old.id, {
      title: input.title,
      content: input.content,
      tags: JSON.stringify(input.tags),
      update_time: t,
    });
    await d.outbox.add(trx, 'post', old.id);
    await recordPost(d, trx, r, viewer.uuid, 'edited', r.content);
    return r;
  });
  emitPost(d, row, viewer.uuid, 'edited', row.content);
}

export async function removePost(d: Forum, viewer: Viewer, id: number): Promise<void> {
  await deletePostRow(d, await editablePost(d, viewer, id), viewer.uuid);
}

/** Soft-deletes a post (`by`: who, for the event), whoever was allowed to. */
export async function deletePostRow(d: Forum, r: PostDbRow, by: number): Promise<void> {
  await inTransaction(d.db, async (trx) => {
    await posts.setPost(trx, r.id, { is_delete: 1, update_time: nowIso() });
    await d.outbox.add(trx, 'post', r.id);
    await recordPost(d, trx, r, by, 'deleted');
  });
  emitPost(d, r, by, 'deleted');
}

/** A post the viewer may read (the scope rules of scope.ts), or 404 / 403. */
export async function readablePost(d: Forum, viewer: Viewer, id: number): Promise<PostDbRow> {
  const r = await livePost(d, id);
  if (r.hidden && !mayEdit(viewer, r.author_id)) throw notFound('帖子不存在或已被删除');
  if (r.problem_id !== null) await checkProblemPosts(d, viewer, r.problem_id, r.category);
  return r;
}

/** Whether the viewer may read a post now: readablePost's answer as a boolean (refusals only). */
export async function mayReadPost(d: Forum, viewer: Viewer, id: number): Promise<boolean> {
  try {
    await readablePost(d, viewer, id);
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

/** One post with content and my thumb; counts a reading once per reader per day. */
export async function postDetail(d: Forum, viewer: Viewer, id: number, ip: string): Promise<PostDetail> {
  const r = await readablePost(d, viewer, id);
  const reader = viewer.uuid > 0 ? `u${viewer.uuid}` : `ip:${ip}`.slice(0, 64);
  await posts.countReading(d.db, id, reader, shanghaiDate());
  const [briefs, thumbed] = await Promise.all([
    d.users.briefs([r.author_id]),
    thumbedPosts(d.db, viewer.uuid, [id]),
    loadMarkdownHtml(),
  ]);
  return presentDetail({ ...r, readings: r.readings + 1 }, briefs, viewer, thumbed.has(id));
}

/** A page of the posts `filter` picks: pinned first, then by `sort`, newest first on ties. */
export async function listPosts(
  d: Forum,
  viewer: Viewer,
  page: { pageNum: number; pageSize: number },
  sort: PostSort,
  filter: posts.PostFilter,
): Promise<PostPage> {
  const res = await posts.listedPage(d.db, filter, page, sort, d.counts);
  const [briefs, thumbed] = await Promise.all([
    d.users.briefs(res.records.map((r) => r.author_id)),
    thumbedPosts(
      d.db,
      viewer.uuid,
      res.records.map((r) => r.id),
    ),
  ]);
  return { ...res, records: res.records.map((r) => presentPost(r, briefs, thumbed.has(r.id))) };
}

/** `posts/post/answer/problemId`: a problem's Q&A (status 0) or solutions (status 1). */
export async function problemPosts(d: Forum, viewer: Viewer, q: ProblemPostsQuery): Promise<PostPage> {
  const category = q.status === 1 ? 'solution' : 'answer';
  const scope = await checkProblemPosts(d, viewer, q.problem_id, category);
  return listPosts(d, viewer, q, q.sort, { scope, problemId: q.problem_id, category });
}

export async function searchPosts(d: Forum, viewer: Viewer, q: PostSearchQuery): Promise<PostPage> {
  if (q.problem_id !== undefined) await checkProblemPosts(d, viewer, q.problem_id, q.category ?? '');
  const scope = await scopeOf(d, viewer);
  return listPosts(d, viewer, q, q.sort, {
    scope,
    category: q.category,
    problemId: q.problem_id,
    keyword: q.keyword,
  });
}

export async function userPosts(d: Forum, viewer: Viewer, q: UserPostsQuery): Promise<PostPage> {
  const scope = await scopeOf(d, viewer);
  return listPosts(d, viewer, q, 'new', { scope, authorId: q.uuid });
}
