/** Public entry of the forum module: posts, comments, thumbs and their moderation. */
export { createForumService, type ForumService } from './service';
export type { ForumDeps, PostContests, WriteGate } from './deps';
export type { IndexedPost } from './moderation';
export { forumModule } from './routes';
export type { SolutionGate, SolutionLocks } from './solution-gate';
export {
  FORUM_TABLES,
  type ForumTables,
  type PostsTable,
  type PostEditsTable,
  type CommentsTable,
  type PostThumbsTable,
  type CommentThumbsTable,
  type PostReadsTable,
  type ForumSolutionPoliciesTable,
  type PostDbRow,
  type CommentDbRow,
} from './tables';
