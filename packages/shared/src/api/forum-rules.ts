// Zod-free: the sites import these at runtime (lib/contract.ts); forum.ts builds the schemas.

/** What the forum's posts are: 题解, 问答, 讨论, 需求. */
export const POST_CATEGORIES = ['solution', 'answer', 'discussion', 'requirement'] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];
export const POST_CATEGORY_LABELS: Record<PostCategory, string> = {
  solution: '题解',
  answer: '问答',
  discussion: '讨论',
  requirement: '需求',
};

/** Status an admin gives a requirement (需求); null = not yet decided (待处理). */
export const REQUIREMENT_STATUSES = ['adopted', 'developing', 'done', 'rejected'] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];
export const REQUIREMENT_STATUS_LABELS: Record<RequirementStatus, string> = {
  adopted: '已采纳',
  developing: '开发中',
  done: '已完成',
  rejected: '不采纳',
};

export const POST_SORTS = ['hot', 'new', 'thumbs'] as const;
export const POST_SORT_LABELS: Record<(typeof POST_SORTS)[number], string> = {
  hot: '最热',
  new: '最新',
  thumbs: '最多赞',
};

/** Per-problem solution policy: visible to all, or only after the viewer's AC. */
export const SOLUTION_POLICIES = ['all', 'after_ac'] as const;

export const POST_TITLE_MAX = 100;
export const POST_CONTENT_MAX = 50_000;
export const COMMENT_CONTENT_MAX = 5_000;
export const POST_TAGS_MAX = 5;
