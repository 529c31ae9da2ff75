import { z } from 'zod';
import { SolvedBreakdown } from './class-insight';

/**
 * `GET|POST /api/user/practice?uuid=`: a user card's 练习情况 (issue 29, docs/users.md). The solved
 * problems the viewer may see (the bank's visibility), solved / total by difficulty and by tag over
 * the published bank, the user's public problem lists, and the names of their classes when the user
 * allows it (在个人主页展示我的班级; `classes` is null when they do not).
 */
export const UserPractice = z.object({
  uuid: z.number().int(),
  /** Ids of the solved problems, ascending. */
  solved_ids: z.array(z.number().int()),
  breakdown: SolvedBreakdown,
  lists: z.array(z.object({ list_id: z.number().int(), title: z.string(), problem_count: z.number().int() })),
  classes: z.array(z.object({ name: z.string() })).nullable(),
});
export type UserPractice = z.infer<typeof UserPractice>;

/** How many of the user's public lists the card shows (newest first). */
export const PRACTICE_LISTS_MAX = 50;
