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
import type { SelectQueryBuilder } from 'kysely';
import type { Database, PostDbRow } from '../../db/types';
import type { DomainEvents } from '../../events';
import type { Viewer } from '../../lib/auth';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { keywordMatch, paginate } from '../../lib/pagination';
import { shanghaiDate } from '../problems';
import type { Forum } from './deps';
import { mayEdit, presentDetail, presentPost } from './present';
import { countReading, hotBase, LIST_COLUMNS, now, postRow, summarySql, thumbedPosts } from './repo';
import { checkProblemPosts, type Scope, scopeFilter, scopeOf } from './scope';
import { readsAll } from './solution-gate';

type Action = DomainEvents['post.changed']['action'];

/** Tells the bus (notifications, search) that a post changed; after the commit. */
export function emitPost(f: Forum, r: PostDbRow, by: number, action: Action, content = ''): void {
  f.bus.emit('post.changed', {
    post_id: r.id,
    author_id: r.author_id,
    by,
    title: r.title,
    category: r.category as PostCategory,
    problem_id: r.problem_id,
    action,
    content,
  });
}

async function checkMayWrite(f: Forum, viewer: Viewer): Promise<void> {
  const reason = await f.writeGate(viewer.uuid);
  if (reason) throw forbidden(reason);
}

async function checkProblem(f: Forum, viewer: Viewer, input: PostInput): Promise<void> {
  if (!input.problem_id) return;
  const p = await f.problems.row(input.problem_id);
  if (!p || (p.visible !== 1 && !readsAll(viewer)))
    throw badRequest(`题目 ${input.problem_id} 不存在`, 'problem_id');
}

export async function addPost(f: Forum, viewer: Viewer, input: PostInput): Promise<number> {
  await checkMayWrite(f, viewer);
  await checkProblem(f, viewer, input);
  const t = now();
  const row = await f.db.transaction().execute(async (trx) => {
    const r = await trx
      .insertInto('posts')
      .values({
        title: input.title,
        content: input.content,
        category: input.category,
        problem_id: input.problem_id ?? null,
        tags: JSON.stringify(input.tags),
        author_id: viewer.uuid,
        hot_base: hotBase(t),
        hot: hotBase(t),
        requirement_status: null,
        create_time: t,
        update_time: t,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await f.outbox.add(trx, 'post', r.id);
    return r;
  });
  emitPost(f, row, viewer.uuid, 'created', row.content);
  return row.id;
}

/** A post that exists and is not deleted, or 404. */
export async function livePost(f: Forum, id: number): Promise<PostDbRow> {
  const r = await postRow(f, id);
  if (!r || r.is_delete) throw notFound('帖子不存在或已被删除');
  return r;
}

async function editablePost(f: Forum, viewer: Viewer, id: number): Promise<PostDbRow> {
  const r = await livePost(f, id);
  if (!mayEdit(viewer, r.author_id)) throw forbidden('只有作者或管理员可以修改或删除这篇帖子');
  return r;
}

/** Edits title, content and tags; the version replaced is kept in the history. */
export async function modifyPost(f: Forum, viewer: Viewer, input: PostInput): Promise<void> {
  if (!input.post_id) throw badRequest('请指明要修改的帖子', 'post_id');
  await checkMayWrite(f, viewer);
  const old = await editablePost(f, viewer, input.post_id);
  if (input.category !== old.category || (input.problem_id ?? null) !== old.problem_id)
    throw badRequest('不能修改帖子的分类和所属题目', 'category');
  const t = now();
  const row = await f.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('post_edits')
      .values({
        post_id: old.id,
        editor_id: viewer.uuid,
        title: old.title,
        content: old.content,
        tags: old.tags,
        create_time: t,
      })
      .execute();
    const r = await trx
      .updateTable('posts')
      .set({ title: input.title, content: input.content, tags: JSON.stringify(input.tags), update_time: t })
      .where('id', '=', old.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await f.outbox.add(trx, 'post', old.id);
    return r;
  });
  emitPost(f, row, viewer.uuid, 'edited', row.content);
}

export async function removePost(f: Forum, viewer: Viewer, id: number): Promise<void> {
  await deletePostRow(f, await editablePost(f, viewer, id), viewer.uuid);
}

/** Soft-deletes a post (`by`: who, for the event), whoever was allowed to. */
export async function deletePostRow(f: Forum, r: PostDbRow, by: number): Promise<void> {
  await f.db.transaction().execute(async (trx) => {
    await trx.updateTable('posts').set({ is_delete: 1, update_time: now() }).where('id', '=', r.id).execute();
    await f.outbox.add(trx, 'post', r.id);
  });
  emitPost(f, r, by, 'deleted');
}

/** A post the viewer may read (the scope rules of scope.ts), or 404 / 403. */
export async function readablePost(f: Forum, viewer: Viewer, id: number): Promise<PostDbRow> {
  const r = await livePost(f, id);
  if (r.hidden && !mayEdit(viewer, r.author_id)) throw notFound('帖子不存在或已被删除');
  if (r.problem_id !== null) await checkProblemPosts(f, viewer, r.problem_id, r.category);
  return r;
}

/** Whether the viewer may read a post now: readablePost's answer as a boolean (refusals only). */
export async function mayReadPost(f: Forum, viewer: Viewer, id: number): Promise<boolean> {
  try {
    await readablePost(f, viewer, id);
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

/** One post with content and my thumb; counts a reading once per reader per day. */
export async function postDetail(f: Forum, viewer: Viewer, id: number, ip: string): Promise<PostDetail> {
  const r = await readablePost(f, viewer, id);
  await countReading(f, id, viewer.uuid > 0 ? `u${viewer.uuid}` : `ip:${ip}`.slice(0, 64), shanghaiDate());
  const [briefs, thumbed] = await Promise.all([
    f.users.briefs([r.author_id]),
    thumbedPosts(f, viewer.uuid, [id]),
  ]);
  return presentDetail({ ...r, readings: r.readings + 1 }, briefs, viewer, thumbed.has(id));
}

type PostQuery = SelectQueryBuilder<Database, 'posts', object>;

const ORDER: Record<PostSort, 'hot' | 'id' | 'thumbs'> = { hot: 'hot', new: 'id', thumbs: 'thumbs' };

/** A page of posts: pinned first, then by `sort`, newest first on ties. */
export async function listPosts(
  f: Forum,
  viewer: Viewer,
  page: { pageNum: number; pageSize: number },
  sort: PostSort,
  base: () => PostQuery,
): Promise<PostPage> {
  const counted = base().select((eb) => eb.fn.countAll<number | string>().as('n'));
  const compiled = counted.compile();
  const res = await paginate(
    page,
    () =>
      f.counts.get(`${compiled.sql}|${JSON.stringify(compiled.parameters)}`, async () =>
        Number((await counted.executeTakeFirstOrThrow()).n),
      ),
    (limit, offset) =>
      base()
        .select([...LIST_COLUMNS, summarySql.as('summary')])
        .orderBy('posts.pinned', 'desc')
        .orderBy(`posts.${ORDER[sort]}`, 'desc')
        .orderBy('posts.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
  );
  const [briefs, thumbed] = await Promise.all([
    f.users.briefs(res.records.map((r) => r.author_id)),
    thumbedPosts(
      f,
      viewer.uuid,
      res.records.map((r) => r.id),
    ),
  ]);
  return { ...res, records: res.records.map((r) => presentPost(r, briefs, thumbed.has(r.id))) };
}

const scoped = (f: Forum, scope: Scope) => () => f.db.selectFrom('posts').where(scopeFilter(f, scope));

/** `posts/post/answer/problemId`: a problem's Q&A (status 0) or solutions (status 1). */
export async function problemPosts(f: Forum, viewer: Viewer, q: ProblemPostsQuery): Promise<PostPage> {
  const category = q.status === 1 ? 'solution' : 'answer';
  const base = scoped(f, await checkProblemPosts(f, viewer, q.problem_id, category));
  return listPosts(f, viewer, q, q.sort, () =>
    base().where('posts.problem_id', '=', q.problem_id).where('posts.category', '=', category),
  );
}

export async function searchPosts(f: Forum, viewer: Viewer, q: PostSearchQuery): Promise<PostPage> {
  if (q.problem_id !== undefined) await checkProblemPosts(f, viewer, q.problem_id, q.category ?? '');
  const base = scoped(f, await scopeOf(f, viewer));
  return listPosts(f, viewer, q, q.sort, () => {
    let b = base();
    if (q.category) b = b.where('posts.category', '=', q.category);
    if (q.problem_id !== undefined) b = b.where('posts.problem_id', '=', q.problem_id);
    if (q.keyword) b = b.where(keywordMatch(q.keyword, ['posts.title', 'posts.content']));
    return b;
  });
}

export async function userPosts(f: Forum, viewer: Viewer, q: UserPostsQuery): Promise<PostPage> {
  const base = scoped(f, await scopeOf(f, viewer));
  return listPosts(f, viewer, q, 'new', () => base().where('posts.author_id', '=', q.uuid));
}
