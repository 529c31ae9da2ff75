import type {
  AdminPostQuery,
  PolicySetQuery,
  PolicyView,
  PostEdit,
  PostPage,
  RequirementStatus,
  SolutionPolicy,
} from '@oj/shared';
import type { PostDbRow } from '../../db/types';
import type { Viewer } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { keywordMatch } from '../../lib/pagination';
import type { Forum } from './deps';
import { emitPost, listPosts, livePost } from './posts';
import { authorOf, parseTags } from './present';
import { now, postRow } from './repo';
import { idsAfter } from '../../db/ids-after';

/** The admin switches of a post: the column each sets, to what, and the event it makes. */
const SWITCHES = {
  pin: { column: 'pinned', value: 1, action: 'pinned' },
  unpin: { column: 'pinned', value: 0, action: 'unpinned' },
  lock: { column: 'locked', value: 1, action: 'locked' },
  unlock: { column: 'locked', value: 0, action: 'unlocked' },
  hide: { column: 'hidden', value: 1, action: 'hidden' },
  show: { column: 'hidden', value: 0, action: 'shown' },
} as const;
export type PostSwitch = keyof typeof SWITCHES;

/** Pins, locks or hides a post, or undoes it (admins; the routes check the role). */
export async function switchPost(f: Forum, by: number, id: number, what: PostSwitch): Promise<void> {
  const s = SWITCHES[what];
  const r = await livePost(f, id);
  if (r[s.column] === s.value) return;
  await f.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('posts')
      .set({ [s.column]: s.value })
      .where('id', '=', id)
      .execute();
    await f.outbox.add(trx, 'post', id);
  });
  emitPost(f, r, by, s.action);
}

export async function setRequirementStatus(
  f: Forum,
  viewer: Viewer,
  id: number,
  status: RequirementStatus,
): Promise<void> {
  const r = await livePost(f, id);
  if (r.category !== 'requirement') throw badRequest('只有需求帖可以设置状态', 'post_id');
  await f.db.transaction().execute(async (trx) => {
    await trx.updateTable('posts').set({ requirement_status: status }).where('id', '=', id).execute();
    await f.outbox.add(trx, 'post', id);
  });
  emitPost(f, r, viewer.uuid, 'status');
}

/** Earlier versions of a post, newest first (admins). */
export async function history(f: Forum, id: number): Promise<PostEdit[]> {
  if (!(await postRow(f, id))) throw notFound('帖子不存在');
  const rows = await f.db
    .selectFrom('post_edits')
    .selectAll()
    .where('post_id', '=', id)
    .orderBy('id', 'desc')
    .execute();
  const briefs = await f.users.briefs(rows.map((r) => r.editor_id));
  return rows.map((r) => ({
    id: r.id,
    editor: authorOf(briefs, r.editor_id),
    title: r.title,
    content: r.content,
    tags: parseTags(r.tags),
    create_time: r.create_time,
  }));
}

/** Every post, deleted and hidden ones too, for the management site. */
export function adminSearch(f: Forum, viewer: Viewer, q: AdminPostQuery): Promise<PostPage> {
  return listPosts(f, viewer, q, q.sort, () => {
    let b = f.db.selectFrom('posts');
    if (q.state === 'deleted') b = b.where('posts.is_delete', '=', 1);
    else if (q.state === 'hidden') b = b.where('posts.hidden', '=', 1);
    else if (q.state === 'pinned') b = b.where('posts.pinned', '=', 1);
    else if (q.state === 'locked') b = b.where('posts.locked', '=', 1);
    if (q.category) b = b.where('posts.category', '=', q.category);
    if (q.problem_id !== undefined) b = b.where('posts.problem_id', '=', q.problem_id);
    if (q.keyword) b = b.where(keywordMatch(q.keyword, ['posts.title', 'posts.content']));
    return b;
  });
}

export async function policyOf(f: Forum, problemId: number): Promise<PolicyView> {
  const r = await f.db
    .selectFrom('forum_solution_policies')
    .select('policy')
    .where('problem_id', '=', problemId)
    .executeTakeFirst();
  return { problem_id: problemId, policy: (r?.policy as SolutionPolicy | undefined) ?? 'all' };
}

export async function setPolicy(f: Forum, q: PolicySetQuery): Promise<PolicyView> {
  if (!(await f.problems.row(q.problem_id))) throw notFound(`题目 ${q.problem_id} 不存在`);
  const t = now();
  await f.db
    .insertInto('forum_solution_policies')
    .values({ problem_id: q.problem_id, policy: q.policy, update_time: t })
    .onConflict((oc) => oc.column('problem_id').doUpdateSet({ policy: q.policy, update_time: t }))
    .execute();
  return { problem_id: q.problem_id, policy: q.policy };
}

/** What search indexing reads of some posts (per existing id); not searchable when deleted or hidden. */
export interface IndexedPost {
  id: number;
  title: string;
  content: string;
  category: string;
  problem_id: number | null;
  tags: string[];
  author_id: number;
  thumbs: number;
  comments: number;
  create_time: string;
  searchable: boolean;
}

export async function postsForIndex(f: Forum, ids: number[]): Promise<IndexedPost[]> {
  const out: IndexedPost[] = [];
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows: PostDbRow[] = await f.db
      .selectFrom('posts')
      .selectAll()
      .where('id', 'in', unique.slice(i, i + 500))
      .execute();
    for (const r of rows)
      out.push({
        id: r.id,
        title: r.title,
        content: r.content,
        category: r.category,
        problem_id: r.problem_id,
        tags: parseTags(r.tags),
        author_id: r.author_id,
        thumbs: r.thumbs,
        comments: r.comments,
        create_time: r.create_time,
        searchable: r.is_delete === 0 && r.hidden === 0,
      });
  }
  return out;
}

/** Post ids (deleted and hidden ones too) after `after`, in order: the search rebuild's batches. */
export function postIdsAfter(f: Forum, after: number, limit: number): Promise<number[]> {
  return idsAfter(f.db, 'posts', after, limit);
}
