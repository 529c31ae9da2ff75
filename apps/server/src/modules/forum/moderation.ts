import type {
  AdminPostQuery,
  PolicySetQuery,
  PolicyView,
  PostEdit,
  PostPage,
  RequirementStatus,
  SolutionPolicy,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { Forum } from './deps';
import * as policies from './policies-repo';
import { emitPost, listPosts, livePost, recordPost } from './posts';
import * as posts from './posts-repo';
import { authorOf, parseTags } from './present';
import { inTransaction } from './repo';

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
export async function switchPost(d: Forum, by: number, id: number, what: PostSwitch): Promise<void> {
  const s = SWITCHES[what];
  const r = await livePost(d, id);
  if (r[s.column] === s.value) return;
  await inTransaction(d.db, async (trx) => {
    await posts.setPost(trx, id, { [s.column]: s.value });
    await d.outbox.add(trx, 'post', id);
    await recordPost(d, trx, r, by, s.action);
  });
  emitPost(d, r, by, s.action);
}

export async function setRequirementStatus(
  d: Forum,
  viewer: Viewer,
  id: number,
  status: RequirementStatus,
): Promise<void> {
  const r = await livePost(d, id);
  if (r.category !== 'requirement') throw badRequest('只有需求帖可以设置状态', 'post_id');
  await inTransaction(d.db, async (trx) => {
    await posts.setPost(trx, id, { requirement_status: status });
    await d.outbox.add(trx, 'post', id);
  });
  emitPost(d, r, viewer.uuid, 'status');
}

/** Earlier versions of a post, newest first (admins). */
export async function history(d: Forum, id: number): Promise<PostEdit[]> {
  if (!(await posts.postRow(d.db, id))) throw notFound('帖子不存在');
  const rows = await posts.postEdits(d.db, id);
  const briefs = await d.users.briefs(rows.map((r) => r.editor_id));
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
export function adminSearch(d: Forum, viewer: Viewer, q: AdminPostQuery): Promise<PostPage> {
  return listPosts(d, viewer, q, q.sort, {
    state: q.state,
    category: q.category,
    problemId: q.problem_id,
    keyword: q.keyword,
  });
}

export async function policyOf(d: Forum, problemId: number): Promise<PolicyView> {
  const policy = await policies.policyOf(d.db, problemId);
  return { problem_id: problemId, policy: (policy as SolutionPolicy | undefined) ?? 'all' };
}

export async function setPolicy(d: Forum, q: PolicySetQuery): Promise<PolicyView> {
  if (!(await d.problems.row(q.problem_id))) throw notFound(`题目 ${q.problem_id} 不存在`);
  await policies.upsertPolicy(d.db, q.problem_id, q.policy, nowIso());
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

export async function postsForIndex(d: Forum, ids: number[]): Promise<IndexedPost[]> {
  const out: IndexedPost[] = [];
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    for (const r of await posts.postsByIds(d.db, unique.slice(i, i + 500)))
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
export const postIdsAfter = (d: Forum, after: number, limit: number): Promise<number[]> =>
  posts.postIdsAfter(d.db, after, limit);
