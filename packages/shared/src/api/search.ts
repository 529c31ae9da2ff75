import { z } from 'zod';
import { PROBLEM_SOURCES } from '../enums';
import { PageQuery } from '../paging';
import { csvOrArray, difficultyFilter } from './problems';

/**
 * Contract of the aggregate search (SPEC §2 search route, §7 `POST /api/search/all/vo`, issue 14).
 * One keyword box over problems, posts, users, contests and courses; the keyword understands
 * `tag:动态规划`, `user:alice` and `#1000`. Snippets are HTML-escaped text whose only markup is
 * `<mark>` around matched terms.
 */

export const SEARCH_KINDS = ['post', 'problem', 'user', 'competition', 'course'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const SEARCH_CATEGORIES = [...SEARCH_KINDS, 'all'] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

export const SearchRequest = z
  .object({
    keyword: z
      .string({ error: '关键词必须是字符串' })
      .trim()
      .max(100, '关键词不能超过 100 个字符')
      .default(''),
    category: z
      .enum(SEARCH_CATEGORIES, { error: '搜索类别必须是帖子、题目、用户、比赛、课程或全部' })
      .default('post'),
    difficulty: difficultyFilter,
    sourceList: csvOrArray(z.enum(PROBLEM_SOURCES, { error: '来源含未知来源' }), 20),
    /** Tag names (or algorithm tag ids, which name their tag). */
    tagsList: csvOrArray(
      z.coerce.string().trim().min(1, '标签不能为空').max(40, '标签不能超过 40 个字符'),
      20,
    ),
    ...PageQuery.shape,
  })
  .transform((q) => ({ ...q, sourceList: q.sourceList ?? [], tagsList: q.tagsList ?? [] }));
export type SearchRequest = z.infer<typeof SearchRequest>;
export type SearchRequestInput = z.input<typeof SearchRequest>;

/** One hit: the kind's id and title, marked snippets, and the kind's own fields. */
export const SearchRecord = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  title: z.string(),
  /** HTML-escaped title with `<mark>` around matched terms. */
  title_html: z.string(),
  /** HTML-escaped excerpt of the body with `<mark>` around matched terms. */
  snippet: z.string(),
  fields: z.record(z.string(), z.unknown()),
});
export type SearchRecord = z.infer<typeof SearchRecord>;

/**
 * Counts stop at SEARCH_COUNT_CAP: past it `total` is the cap and `total_capped` is true (shown as
 * "1000+"), since counting every match of a broad keyword would cost more than finding the best ones.
 */
export const SEARCH_COUNT_CAP = 1000;

export const SearchGroup = z.object({
  kind: z.enum(SEARCH_KINDS),
  total: z.number().int(),
  /** More than `total` match (the count stopped at SEARCH_COUNT_CAP). */
  total_capped: z.boolean().optional(),
  records: z.array(SearchRecord),
});
export type SearchGroup = z.infer<typeof SearchGroup>;

/** `records` of the category; for `all` also `groups` (every kind with its count and first hits). */
export const SearchResult = z.object({
  records: z.array(SearchRecord),
  total: z.number().int(),
  /** More than `total` match: some kind's count stopped at SEARCH_COUNT_CAP. */
  total_capped: z.boolean().optional(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  groups: z.array(SearchGroup).optional(),
});
export type SearchResult = z.infer<typeof SearchResult>;
