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
 * comments.ts, thumbs.ts, moderation.ts (admin switches, history, policy, search indexing); their
 * SQL is in the repo files (repo.ts, posts-repo.ts, comments-repo.ts, thumbs-repo.ts, policies-repo.ts).
 */
export function createForumService(deps: ForumDeps) {
  const d: Forum = { ...deps, counts: new CountCache() };
  // Lists change their totals when a post comes, goes, hides or shows, here or on another node.
  d.bus.on('post.changed', () => d.counts.clear());
  return {
    add: (viewer: Viewer, input: PostInput) => posts.addPost(d, viewer, input),
    modify: (viewer: Viewer, input: PostInput) => posts.modifyPost(d, viewer, input),
    remove: (viewer: Viewer, id: number) => posts.removePost(d, viewer, id),
    detail: (viewer: Viewer, id: number, ip: string) => posts.postDetail(d, viewer, id, ip),
    problemPosts: (viewer: Viewer, q: ProblemPostsQuery) => posts.problemPosts(d, viewer, q),
    search: (viewer: Viewer, q: PostSearchQuery) => posts.searchPosts(d, viewer, q),
    userPosts: (viewer: Viewer, q: UserPostsQuery) => posts.userPosts(d, viewer, q),
    addComment: (viewer: Viewer, input: CommentInput) => comments.addComment(d, viewer, input),
    removeComment: (viewer: Viewer, id: number) => comments.removeComment(d, viewer, id),
    comments: (viewer: Viewer, q: CommentsQuery) => comments.listComments(d, viewer, q),
    thumbPost: (viewer: Viewer, id: number, status: number) => thumbs.thumbPost(d, viewer, id, status),
    thumbState: (viewer: Viewer, id: number) => thumbs.postThumbState(d, viewer, id),
    thumbComment: (viewer: Viewer, q: CommentThumbQuery) => thumbs.thumbComment(d, viewer, q),
    switchPost: (viewer: Viewer, id: number, what: moderation.PostSwitch) =>
      moderation.switchPost(d, viewer.uuid, id, what),
    setStatus: (viewer: Viewer, id: number, status: RequirementStatus) =>
      moderation.setRequirementStatus(d, viewer, id, status),
    history: (id: number) => moderation.history(d, id),
    adminSearch: (viewer: Viewer, q: AdminPostQuery) => moderation.adminSearch(d, viewer, q),
    policy: (problemId: number) => moderation.policyOf(d, problemId),
    setPolicy: (q: PolicySetQuery) => moderation.setPolicy(d, q),
    /** What moderation acts through: reported posts and comments described, hidden, removed. */
    moderationTargets: moderationTargets(d),
    /** Search indexing: per existing post id, what to index and whether it is searchable. */
    postsForIndex: (ids: number[]) => moderation.postsForIndex(d, ids),
    postIdsAfter: (after: number, limit: number) => moderation.postIdsAfter(d, after, limit),
    /** One gate for all solution material: replays, the solution video and the search ask it. */
    solutionGate: solutionGate(d),
    /** Whether a user may read a post now (站内消息 are sent only to those who may). */
    mayRead: (viewer: Viewer, id: number) => posts.mayReadPost(d, viewer, id),
  };
}
export type ForumService = ReturnType<typeof createForumService>;
