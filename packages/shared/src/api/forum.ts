import { z } from 'zod';
import { fieldLabel } from '../field-labels';
import { pageOf, pageQuery } from '../paging';
import { nameText } from './common';
import {
  COMMENT_CONTENT_MAX,
  POST_CATEGORIES,
  POST_CONTENT_MAX,
  POST_SORTS,
  POST_TAGS_MAX,
  POST_TITLE_MAX,
  REQUIREMENT_STATUSES,
  SOLUTION_POLICIES,
} from './forum-rules';

/**
 * Contract of the forum (SPEC §7 Posts, `/api/posts/…`): solutions (题解) and Q&A (问答) of a
 * problem, general discussion (讨论) and feature requests (需求), with comments one level deep
 * (楼中楼), thumbs, pins, locks and hiding. Content is markdown, rendered by the sites' one
 * renderer with raw HTML off.
 */

export * from './forum-rules';

export const PostCategory = z.enum(POST_CATEGORIES, { error: '分类必须是题解、问答、讨论或需求之一' });
export type PostCategory = z.infer<typeof PostCategory>;
export const RequirementStatus = z.enum(REQUIREMENT_STATUSES, {
  error: '需求状态必须是已采纳、开发中、已完成或不采纳之一',
});
export type RequirementStatus = z.infer<typeof RequirementStatus>;
export const PostSort = z.enum(POST_SORTS, { error: '排序方式必须是最热、最新或最多赞' });
export type PostSort = z.infer<typeof PostSort>;
export const SolutionPolicy = z.enum(SOLUTION_POLICIES, { error: '题解策略必须是所有人可见或通过后可见' });
export type SolutionPolicy = z.infer<typeof SolutionPolicy>;

const intId = (field: string) =>
  z.coerce
    .number({ error: `${fieldLabel([field])}必须是整数` })
    .int(`${fieldLabel([field])}必须是整数`)
    .min(1, `${fieldLabel([field])}必须是正整数`);

const thumbStatus = z.coerce
  .number({ error: '状态必须是 0 或 1' })
  .int('状态必须是 0 或 1')
  .min(0, '状态必须是 0 或 1')
  .max(1, '状态必须是 0 或 1');

export const PostIdQuery = z.object({ post_id: intId('post_id') });
export type PostIdQuery = z.infer<typeof PostIdQuery>;
export const CommentIdQuery = z.object({ comment_id: intId('comment_id') });
export type CommentIdQuery = z.infer<typeof CommentIdQuery>;

const markdown = (field: string, max: number) =>
  z
    .string({ error: `${fieldLabel([field])}必须是文字` })
    .refine((s) => s.trim().length > 0, `${fieldLabel([field])}不能为空`)
    .refine((s) => s.length <= max, `${fieldLabel([field])}不能超过 ${max} 个字符`);

/** Body of `posts/add` and `posts/modify` (`post_id` for modify only). */
export const PostInput = z
  .object({
    post_id: intId('post_id').optional(),
    title: nameText('标题')
      .trim()
      .min(1, '标题不能为空')
      .max(POST_TITLE_MAX, `标题不能超过 ${POST_TITLE_MAX} 个字符`),
    content: markdown('content', POST_CONTENT_MAX),
    category: PostCategory,
    problem_id: intId('problem_id').nullish(),
    tags: z
      .array(z.string().trim().min(1, '帖子标签不能为空').max(20, '帖子标签不能超过 20 个字符'))
      .max(POST_TAGS_MAX, `帖子标签最多 ${POST_TAGS_MAX} 个`)
      .optional()
      .transform((t) => [...new Set(t ?? [])]),
  })
  .superRefine((p, ctx) => {
    if ((p.category === 'solution' || p.category === 'answer') && !p.problem_id)
      ctx.addIssue({ code: 'custom', path: ['problem_id'], message: '题解和问答必须指明题目编号' });
    if (p.category === 'requirement' && p.problem_id)
      ctx.addIssue({ code: 'custom', path: ['problem_id'], message: '需求不能关联题目' });
  });
export type PostInput = z.infer<typeof PostInput>;
export type PostInputRaw = z.input<typeof PostInput>;

export const PostAdded = z.object({ post_id: z.number().int() });
export type PostAdded = z.infer<typeof PostAdded>;

/** An author next to a post or comment: the name in its rating colour. */
export const PostAuthor = z.object({
  uuid: z.number().int(),
  username: z.string(),
  rating: z.number().int(),
  rated: z.boolean(),
});
export type PostAuthor = z.infer<typeof PostAuthor>;

/** A post in a list: the first characters of its content as `summary`. */
export const PostRow = z.object({
  post_id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  category: PostCategory,
  problem_id: z.number().int().nullable(),
  tags: z.array(z.string()),
  author: PostAuthor,
  thumbs: z.number().int(),
  comments: z.number().int(),
  readings: z.number().int(),
  pinned: z.boolean(),
  locked: z.boolean(),
  hidden: z.boolean(),
  deleted: z.boolean(),
  requirement_status: RequirementStatus.nullable(),
  create_time: z.string(),
  update_time: z.string(),
  /** The viewer gave it a thumb (a vote, for requirements). */
  thumbed: z.boolean(),
});
export type PostRow = z.infer<typeof PostRow>;
export const PostPage = pageOf(PostRow);
export type PostPage = z.infer<typeof PostPage>;

/** `posts/search/postsId`: one post with content and my thumb. */
export const PostDetail = PostRow.extend({
  content: z.string(),
  /** `content` as HTML, rendered by the server (math typeset; code escaped, its language in `data-lang`). */
  content_html: z.string(),
  /** The viewer may edit and delete it (author or admin). */
  can_edit: z.boolean(),
});
export type PostDetail = z.infer<typeof PostDetail>;

/** `posts/post/answer/problemId`: status 0 = Q&A, 1 = solutions. */
export const ProblemPostsQuery = z.object({
  problem_id: intId('problem_id'),
  status: z.coerce
    .number({ error: '状态必须是 0 或 1' })
    .int('状态必须是 0 或 1')
    .min(0, '状态必须是 0 或 1')
    .max(1, '状态必须是 0 或 1'),
  sort: PostSort.default('hot'),
  ...pageQuery().shape,
});
export type ProblemPostsQuery = z.infer<typeof ProblemPostsQuery>;

/** Body of `posts/search`. */
export const PostSearchQuery = z.object({
  keyword: z.string().trim().max(100, '关键词不能超过 100 个字符').optional(),
  category: PostCategory.optional(),
  problem_id: intId('problem_id').optional(),
  sort: PostSort.default('new'),
  ...pageQuery().shape,
});
export type PostSearchQuery = z.infer<typeof PostSearchQuery>;
export type PostSearchQueryRaw = z.input<typeof PostSearchQuery>;

/** `posts/search/page?pageNum&uuid`: a user's posts. */
export const UserPostsQuery = z.object({ uuid: intId('uuid'), ...pageQuery().shape });
export type UserPostsQuery = z.infer<typeof UserPostsQuery>;

/** Body of `posts/post/comment/add`: `parent_id` replies under a top-level comment (楼中楼). */
export const CommentInput = z.object({
  post_id: intId('post_id'),
  content: markdown('content', COMMENT_CONTENT_MAX),
  parent_id: intId('parent_id').nullish(),
});
export type CommentInput = z.infer<typeof CommentInput>;
export const CommentAdded = z.object({ comment_id: z.number().int() });

export interface CommentView {
  comment_id: number;
  post_id: number;
  parent_id: number | null;
  author: PostAuthor;
  content: string;
  /** `content` as HTML, rendered by the server ('' for a deleted comment). */
  content_html: string;
  thumbs: number;
  thumbed: boolean;
  /** A deleted top-level comment that still has replies keeps its place, without content. */
  deleted: boolean;
  can_delete: boolean;
  create_time: string;
  replies: CommentView[];
}
const CommentBase = z.object({
  comment_id: z.number().int(),
  post_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  author: PostAuthor,
  content: z.string(),
  content_html: z.string(),
  thumbs: z.number().int(),
  thumbed: z.boolean(),
  deleted: z.boolean(),
  can_delete: z.boolean(),
  create_time: z.string(),
});
export const CommentViewSchema = CommentBase.extend({
  replies: z.array(CommentBase.extend({ replies: z.array(z.unknown()).length(0) })),
});
export const CommentPage = pageOf(CommentViewSchema);
export type CommentPage = z.infer<typeof CommentPage>;

export const CommentsQuery = z.object({ post_id: intId('post_id'), ...pageQuery(20).shape });
export type CommentsQuery = z.infer<typeof CommentsQuery>;

export const PostThumbQuery = z.object({ post_id: intId('post_id'), status: thumbStatus });
export type PostThumbQuery = z.infer<typeof PostThumbQuery>;
export const CommentThumbQuery = z.object({
  comment_id: intId('comment_id'),
  post_id: intId('post_id'),
  status: thumbStatus,
});
export type CommentThumbQuery = z.infer<typeof CommentThumbQuery>;
export const ThumbState = z.object({ thumbed: z.boolean(), thumbs: z.number().int() });
export type ThumbState = z.infer<typeof ThumbState>;

/** `posts/requirement/status?post_id&status` (admin). */
export const RequirementStatusQuery = z.object({ post_id: intId('post_id'), status: RequirementStatus });
export type RequirementStatusQuery = z.infer<typeof RequirementStatusQuery>;

/** `posts/history?post_id` (admin): earlier versions, newest first. */
export const PostEdit = z.object({
  id: z.number().int(),
  editor: PostAuthor,
  title: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  create_time: z.string(),
});
export type PostEdit = z.infer<typeof PostEdit>;
export const PostHistory = z.array(PostEdit);

/** `posts/admin/search` (admin): every post, deleted and hidden ones too. */
export const AdminPostQuery = PostSearchQuery.extend({
  state: z.enum(['all', 'hidden', 'deleted', 'pinned', 'locked']).default('all'),
});
export type AdminPostQuery = z.infer<typeof AdminPostQuery>;
export type AdminPostQueryRaw = z.input<typeof AdminPostQuery>;

/** `posts/policy/get?problem_id` and `posts/policy/set?problem_id&policy` (admin sets). */
export const PolicyQuery = z.object({ problem_id: intId('problem_id') });
export const PolicySetQuery = z.object({ problem_id: intId('problem_id'), policy: SolutionPolicy });
export type PolicySetQuery = z.infer<typeof PolicySetQuery>;
export const PolicyView = z.object({ problem_id: z.number().int(), policy: SolutionPolicy });
export type PolicyView = z.infer<typeof PolicyView>;
