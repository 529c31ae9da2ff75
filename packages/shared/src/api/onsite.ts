import { z } from 'zod';

/**
 * On-site tools of a contest (issue 26 part 5), staff only: the balloon page (each team's first
 * accepted try of each problem, newest first, ticked off when delivered) and the medal rule of
 * the final board with its 打星 (unofficial) participants.
 */

const intQuery = (label: string, min = 0) =>
  z.coerce
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(min, `${label}必须大于等于 ${min}`);

export const BalloonItem = z.object({
  uuid: z.number().int(),
  username: z.string(),
  /** The problem's position (0-based) and letter. */
  index: z.number().int(),
  display_name: z.string(),
  /** When it was solved: ISO time of the accepted try. */
  solved_at: z.string(),
  /** The first team to solve this problem (a special balloon at ICPC sites). */
  first: z.boolean(),
  delivered: z.boolean(),
  delivered_at: z.string().nullable(),
});
export type BalloonItem = z.infer<typeof BalloonItem>;

export const BalloonList = z.object({
  competition_id: z.number().int(),
  name: z.string(),
  /** The problems' letters and titles, for the colour legend. */
  problems: z.array(z.object({ index: z.number().int(), display_name: z.string() })),
  /** Newest first. */
  items: z.array(BalloonItem),
  pending: z.number().int(),
});
export type BalloonList = z.infer<typeof BalloonList>;

export const BalloonDeliverQuery = z.object({
  competition_id: intQuery('比赛编号', 1),
  /** The board row's key: a user, or in a team contest a team's (negative; issue 26 part 3). */
  uuid: z.coerce.number({ error: '用户编号必须是整数' }).int('用户编号必须是整数'),
  index: intQuery('题目序号'),
  /** 1 delivered, 0 undo. */
  delivered: z.coerce.number({ error: '送达状态必须是 0 或 1' }).int().min(0).max(1, '送达状态必须是 0 或 1'),
});
export type BalloonDeliverQuery = z.infer<typeof BalloonDeliverQuery>;

/** Medals of the final board: how many official participants get each (0 = none). */
export const MEDAL_LIMITS = { max: 1000 } as const;

const medalCount = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能为负`)
    .max(MEDAL_LIMITS.max, `${label}不能超过 ${MEDAL_LIMITS.max}`);

export const AwardsQuery = z.object({
  competition_id: intQuery('比赛编号', 1),
  gold: medalCount('金牌数'),
  silver: medalCount('银牌数'),
  bronze: medalCount('铜牌数'),
});
export type AwardsQuery = z.infer<typeof AwardsQuery>;

/** A contest's medal rule and its participants with their 打星 flag (the admin's awards dialog). */
export const AwardsView = z.object({
  gold: z.number().int(),
  silver: z.number().int(),
  bronze: z.number().int(),
  participants: z.array(z.object({ uuid: z.number().int(), username: z.string(), unofficial: z.boolean() })),
});
export type AwardsView = z.infer<typeof AwardsView>;

export const UnofficialQuery = z.object({
  competition_id: intQuery('比赛编号', 1),
  uuid: intQuery('用户编号', 1),
  unofficial: z.coerce.number({ error: '打星必须是 0 或 1' }).int().min(0).max(1, '打星必须是 0 或 1'),
});
export type UnofficialQuery = z.infer<typeof UnofficialQuery>;

/** Bulk contest accounts (an on-site contest's teams or students, printed with their passwords). */
export const BULK_ACCOUNT_LIMITS = { max: 300, nameMax: 20, schoolMax: 50, prefixMax: 12 } as const;

export const BulkAccountsRequest = z.object({
  /** Accounts are `{prefix}001`, `{prefix}002` …; letters, digits and _. */
  prefix: z
    .string({ error: '账号前缀必须是文本' })
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '账号前缀只能包含字母、数字和下划线，且以字母开头')
    .min(2, '账号前缀至少 2 个字符')
    .max(BULK_ACCOUNT_LIMITS.prefixMax, `账号前缀不能超过 ${BULK_ACCOUNT_LIMITS.prefixMax} 个字符`),
  people: z
    .array(
      z.object({
        name: z
          .string({ error: '姓名必须是文本' })
          .trim()
          .min(1, '姓名不能为空')
          .max(BULK_ACCOUNT_LIMITS.nameMax, `姓名不能超过 ${BULK_ACCOUNT_LIMITS.nameMax} 个字符`),
        school: z
          .string({ error: '学校必须是文本' })
          .trim()
          .max(BULK_ACCOUNT_LIMITS.schoolMax, `学校不能超过 ${BULK_ACCOUNT_LIMITS.schoolMax} 个字符`)
          .default(''),
      }),
      { error: '名单必须是列表' },
    )
    .min(1, '名单至少需要一人')
    .max(BULK_ACCOUNT_LIMITS.max, `名单一次最多 ${BULK_ACCOUNT_LIMITS.max} 人`),
  /** Mark the new accounts 打星 (ranked, no medal, no rating). */
  unofficial: z.boolean().default(false),
});
export type BulkAccountsRequest = z.infer<typeof BulkAccountsRequest>;
