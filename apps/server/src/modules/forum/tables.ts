import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

/** The forum's tables (008_forum), apart so that types.ts stays readable. */
export interface PostsTable {
  id: Generated<number>;
  title: string;
  content: string;
  category: string;
  problem_id: number | null;
  tags: string; // JSON array of strings
  author_id: number;
  thumbs: Generated<number>;
  comments: Generated<number>;
  readings: Generated<number>;
  hot_base: number;
  hot: number;
  pinned: Generated<number>;
  locked: Generated<number>;
  hidden: Generated<number>;
  is_delete: Generated<number>;
  requirement_status: string | null;
  create_time: string;
  update_time: string;
}

export interface PostEditsTable {
  id: Generated<number>;
  post_id: number;
  editor_id: number;
  title: string;
  content: string;
  tags: string;
  create_time: string;
}

export interface CommentsTable {
  id: Generated<number>;
  post_id: number;
  parent_id: number | null;
  author_id: number;
  content: string;
  thumbs: Generated<number>;
  is_delete: Generated<number>;
  create_time: string;
}

export interface PostThumbsTable {
  user_id: number;
  post_id: number;
  create_time: string;
}

export interface CommentThumbsTable {
  user_id: number;
  comment_id: number;
  create_time: string;
}

export interface PostReadsTable {
  post_id: number;
  viewer: string;
  date: string;
}

export interface ForumSolutionPoliciesTable {
  problem_id: number;
  policy: string;
  update_time: string;
}

export type PostDbRow = Selectable<PostsTable>;

export type CommentDbRow = Selectable<CommentsTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface ForumTables {
  posts: PostsTable;
  post_edits: PostEditsTable;
  comments: CommentsTable;
  post_thumbs: PostThumbsTable;
  comment_thumbs: CommentThumbsTable;
  post_reads: PostReadsTable;
  forum_solution_policies: ForumSolutionPoliciesTable;
}
export const FORUM_TABLES = tableSet<ForumTables>()([
  'posts',
  'post_edits',
  'comments',
  'post_thumbs',
  'comment_thumbs',
  'post_reads',
  'forum_solution_policies',
]);
