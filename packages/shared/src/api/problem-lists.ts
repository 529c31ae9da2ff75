import { z } from 'zod';
import { pageOf, pageQuery } from '../paging';
import { nameText } from './common';
import { PROBLEM_LIST_LIMITS } from './problem-list-rules';

export { PROBLEM_LIST_LIMITS } from './problem-list-rules';

/**
 * Problem lists (题单) and favourites (收藏), issue 27 part 4 (`/api/problem-list/…`, docs/problem-lists.md).
 * Any signed-in user makes an ordered list of bank problems, each with an optional note, public or
 * private; others find public lists, favourite and copy them. Every viewer sees their own progress.
 * A hidden problem in a list reaches only viewers who may see it in the bank.
 */

const L = PROBLEM_LIST_LIMITS;

const positive = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(1, `${label}必须是正整数`);

const flag = (label: string) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
      error: `${label}必须是 true 或 false`,
    })
    .transform((v) => v === true || v === 1 || v === '1');

/** One problem of a list as written: the bank problem and an optional note. */
export const ProblemListItemInput = z.object({
  problem_id: positive('题目编号'),
  note: z.string({ error: '备注必须是文字' }).trim().max(L.noteMax, `备注最多 ${L.noteMax} 个字`).default(''),
});
export type ProblemListItemInput = z.infer<typeof ProblemListItemInput>;

/** Body of `create`, and of `modify` with `list_id`: the whole list, items in their order. */
const ListFields = z.object({
  title: nameText('题单标题')
    .trim()
    .min(1, '题单标题不能为空')
    .max(L.titleMax, `题单标题最多 ${L.titleMax} 个字`),
  description: z
    .string({ error: '题单简介必须是文字' })
    .max(L.descriptionMax, `题单简介最多 ${L.descriptionMax} 个字`)
    .default(''),
  public: flag('是否公开').default(false),
  items: z
    .array(ProblemListItemInput, { error: '题目必须是列表' })
    .max(L.itemsMax, `一个题单最多 ${L.itemsMax} 道题目`)
    .default([]),
});

/** A problem named twice in one list is refused (its position would be ambiguous). */
function noRepeats(v: { items: ProblemListItemInput[] }, ctx: z.RefinementCtx): void {
  const seen = new Set<number>();
  v.items.forEach((it, i) => {
    if (seen.has(it.problem_id))
      ctx.addIssue({ code: 'custom', path: ['items', i], message: `题目 ${it.problem_id} 重复出现` });
    seen.add(it.problem_id);
  });
}

export const ProblemListInput = ListFields.superRefine(noRepeats);
export type ProblemListInput = z.infer<typeof ProblemListInput>;
export type ProblemListInputRaw = z.input<typeof ProblemListInput>;

export const ProblemListIdQuery = z.object({ list_id: positive('题单编号') });
export type ProblemListIdQuery = z.infer<typeof ProblemListIdQuery>;

export const ProblemListModifyInput = ListFields.extend(ProblemListIdQuery.shape).superRefine(noRepeats);
export type ProblemListModifyInput = z.infer<typeof ProblemListModifyInput>;

export const ProblemListCreated = z.object({ list_id: z.number().int() });
export type ProblemListCreated = z.infer<typeof ProblemListCreated>;

/** `favourite?list_id&on=1|0` and `problem/favourite?problem_id&on=1|0`. */
export const ProblemListFavouriteQuery = ProblemListIdQuery.extend({ on: flag('是否收藏').default(true) });
export type ProblemListFavouriteQuery = z.infer<typeof ProblemListFavouriteQuery>;
export const ProblemFavouriteQuery = z.object({
  problem_id: positive('题目编号'),
  on: flag('是否收藏').default(true),
});
export type ProblemFavouriteQuery = z.infer<typeof ProblemFavouriteQuery>;

export const ProblemListFavourited = z.object({ favourited: z.boolean(), favourite_count: z.number().int() });
export type ProblemListFavourited = z.infer<typeof ProblemListFavourited>;
export const ProblemFavourited = z.object({ favourited: z.boolean() });
export type ProblemFavourited = z.infer<typeof ProblemFavourited>;

export const PROBLEM_LIST_SORTS = ['newest', 'favourites'] as const;
export type ProblemListSort = (typeof PROBLEM_LIST_SORTS)[number];

/** The 题单 square: public lists, searched by title, newest or most favourited first. */
export const ProblemListSquareQuery = pageQuery(20).extend({
  keyword: z
    .string({ error: '关键词必须是文字' })
    .trim()
    .max(L.titleMax, `关键词最多 ${L.titleMax} 个字`)
    .optional(),
  sort: z.enum(PROBLEM_LIST_SORTS, { error: '排序必须是最新或最多收藏' }).default('newest'),
});
export type ProblemListSquareQuery = z.infer<typeof ProblemListSquareQuery>;

/** A user's lists (a profile): public ones, and every one to their owner. */
export const ProblemListUserQuery = pageQuery(20).extend({ uuid: positive('用户编号') });
export type ProblemListUserQuery = z.infer<typeof ProblemListUserQuery>;

export const ProblemListMineQuery = pageQuery(20);
export type ProblemListMineQuery = z.infer<typeof ProblemListMineQuery>;

const Owner = z.object({ uuid: z.number().int(), username: z.string() });

/** A list as listed. `problem_count`: the problems this viewer may see. */
export const ProblemListSummary = z.object({
  list_id: z.number().int(),
  title: z.string(),
  public: z.boolean(),
  owner: Owner,
  problem_count: z.number().int(),
  favourite_count: z.number().int(),
  favourited: z.boolean(),
  create_time: z.string(),
  update_time: z.string(),
});
export type ProblemListSummary = z.infer<typeof ProblemListSummary>;
export const ProblemListPage = pageOf(ProblemListSummary);
export type ProblemListPage = z.infer<typeof ProblemListPage>;

export const PROBLEM_PROGRESS = ['solved', 'tried', 'none'] as const;

/** One problem of a list as this viewer sees it, with their own status. */
export const ProblemListItem = z.object({
  problem_id: z.number().int(),
  chinese_name: z.string(),
  note: z.string(),
  status: z.enum(PROBLEM_PROGRESS),
});
export type ProblemListItem = z.infer<typeof ProblemListItem>;

export const ProblemListProgress = z.object({
  total: z.number().int(),
  solved: z.number().int(),
  /** Tried and not solved. */
  attempted: z.number().int(),
});
export type ProblemListProgress = z.infer<typeof ProblemListProgress>;

/**
 * A list's page: markdown description (the sites' renderer; `description_html`, rendered by the
 * server), the problems, the viewer's progress.
 */
export const ProblemListDetail = ProblemListSummary.extend({
  description: z.string(),
  description_html: z.string(),
  mine: z.boolean(),
  items: z.array(ProblemListItem),
  progress: ProblemListProgress,
});
export type ProblemListDetail = z.infer<typeof ProblemListDetail>;

/** 我的收藏: favourite problems with the viewer's status (newest first). */
export const FavouriteProblem = z.object({
  problem_id: z.number().int(),
  chinese_name: z.string(),
  status: z.enum(PROBLEM_PROGRESS),
  favourite_time: z.string(),
});
export type FavouriteProblem = z.infer<typeof FavouriteProblem>;
export const FavouriteProblems = z.object({
  problems: z.array(FavouriteProblem),
  progress: ProblemListProgress,
});
export type FavouriteProblems = z.infer<typeof FavouriteProblems>;

/** The ids of the viewer's favourite problems (the bank's stars). */
export const FavouriteProblemIds = z.array(z.number().int());
