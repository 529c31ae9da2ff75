import type {
  AdminPostQuery,
  CommentInput,
  CommentsQuery,
  CommentThumbQuery,
  PolicySetQuery,
  PostInput,
  PostSearchQuery,
  ProblemPostsQuery,
  RequirementStatus,
  UserPostsQuery,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import * as comments from './comments';
import { CountCache } from './count-cache';
import type { Forum, ForumDeps } from './deps';
import * as moderation from './moderation';
import * as posts from './posts';
import { solutionGate } from './solution-gate';
import { moderationTargets } from './targets';
import * as thumbs from './thumbs';

/**
 * The forum's operations bound to their dependencies: posts.ts (writing, reading, lists),
 * comments.ts, thumbs.ts, moderation.ts (admin switches, history, policy, search indexing).
 */
export function createForumService(deps: ForumDeps) {
  const f: Forum = { ...deps, counts: new CountCache() };
  // Lists change their totals when a post comes, goes, hides or shows, here or on another node.
  deps.bus.on('post.changed', () => f.counts.clear());
  return {
    add: (viewer: Viewer, input: PostInput) => posts.addPost(f, viewer, input),
    modify: (viewer: Viewer, input: PostInput) => posts.modifyPost(f, viewer, input),
    remove: (viewer: Viewer, id: number) => posts.removePost(f, viewer, id),
    detail: (viewer: Viewer, id: number, ip: string) => posts.postDetail(f, viewer, id, ip),
    problemPosts: (viewer: Viewer, q: ProblemPostsQuery) => posts.problemPosts(f, viewer, q),
    search: (viewer: Viewer, q: PostSearchQuery) => posts.searchPosts(f, viewer, q),
    userPosts: (viewer: Viewer, q: UserPostsQuery) => posts.userPosts(f, viewer, q),
    addComment: (viewer: Viewer, input: CommentInput) => comments.addComment(f, viewer, input),
    removeComment: (viewer: Viewer, id: number) => comments.removeComment(f, viewer, id),
    comments: (viewer: Viewer, q: CommentsQuery) => comments.listComments(f, viewer, q),
    thumbPost: (viewer: Viewer, id: number, status: number) => thumbs.thumbPost(f, viewer, id, status),
    thumbState: (viewer: Viewer, id: number) => thumbs.postThumbState(f, viewer, id),
    thumbComment: (viewer: Viewer, q: CommentThumbQuery) => thumbs.thumbComment(f, viewer, q),
    switchPost: (viewer: Viewer, id: number, what: moderation.PostSwitch) =>
      moderation.switchPost(f, viewer.uuid, id, what),
    setStatus: (viewer: Viewer, id: number, status: RequirementStatus) =>
      moderation.setRequirementStatus(f, viewer, id, status),
    history: (id: number) => moderation.history(f, id),
    adminSearch: (viewer: Viewer, q: AdminPostQuery) => moderation.adminSearch(f, viewer, q),
    policy: (problemId: number) => moderation.policyOf(f, problemId),
    setPolicy: (q: PolicySetQuery) => moderation.setPolicy(f, q),
    /** What moderation acts through: reported posts and comments described, hidden, removed. */
    moderationTargets: moderationTargets(f),
    /** Search indexing: per existing post id, what to index and whether it is searchable. */
    postsForIndex: (ids: number[]) => moderation.postsForIndex(f, ids),
    postIdsAfter: (after: number, limit: number) => moderation.postIdsAfter(f, after, limit),
    /** One gate for all solution material: replays, the solution video and the search ask it. */
    solutionGate: solutionGate(f),
    /** Whether a user may read a post now (站内消息 are sent only to those who may). */
    mayRead: (viewer: Viewer, id: number) => posts.mayReadPost(f, viewer, id),
  };
}
export type ForumService = ReturnType<typeof createForumService>;
