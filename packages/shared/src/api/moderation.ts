import { z } from 'zod';
import { pageOf, pageQuery } from '../paging';
import {
  MODERATION_LIMITS,
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_KINDS,
} from './moderation-rules';

export * from './moderation-rules';

/**
 * Moderation (`/api/moderation/…`): users report a post or a comment; admins list the reports,
 * act on them (dismiss, hide or delete the content, mute its author) and mute users for a while.
 */

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((x) => x.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(1, `${label}必须是正整数`);

const days = (label: string) =>
  z
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(1, `${label}至少 1 天`)
    .max(MODERATION_LIMITS.muteDaysMax, `${label}不能超过 ${MODERATION_LIMITS.muteDaysMax} 天`);

export const ReportRequest = z.object({
  kind: z.enum(values(REPORT_TARGET_KINDS), { error: '举报的对象类型只能是帖子或评论' }),
  id: positiveId('举报对象编号'),
  reason: z.enum(values(REPORT_REASONS), { error: '请从列表中选择举报原因' }),
  detail: z
    .string({ error: '补充说明必须是文字' })
    .trim()
    .max(MODERATION_LIMITS.detailMax, `补充说明不能超过 ${MODERATION_LIMITS.detailMax} 个字符`)
    .default(''),
});
export type ReportRequest = z.infer<typeof ReportRequest>;

export const ReportCreated = z.object({ report_id: z.number().int() });
export type ReportCreated = z.infer<typeof ReportCreated>;

export const ReportsQuery = pageQuery().extend({
  status: z.enum(values(REPORT_STATUSES), { error: '状态只能是待处理、已驳回或已处理' }).optional(),
});
export type ReportsQuery = z.infer<typeof ReportsQuery>;

const Person = z.object({ uuid: z.number().int(), username: z.string() });

/** What the forum says of a reported post or comment (null: it no longer exists). */
export const ReportTargetView = z.object({
  title: z.string(),
  excerpt: z.string(),
  author: Person.nullable(),
  link: z.string(),
});
export type ReportTargetView = z.infer<typeof ReportTargetView>;

export const ReportView = z.object({
  report_id: z.number().int(),
  kind: z.enum(values(REPORT_TARGET_KINDS)),
  target_id: z.number().int(),
  reason: z.enum(values(REPORT_REASONS)),
  detail: z.string(),
  status: z.enum(values(REPORT_STATUSES)),
  /** What the handler did (dismiss, hide, delete, mute); null while open. */
  action: z.enum(values(REPORT_ACTIONS)).nullable(),
  reporter: Person.nullable(),
  handler: Person.nullable(),
  create_time: z.string(),
  handle_time: z.string().nullable(),
  target: ReportTargetView.nullable(),
});
export type ReportView = z.infer<typeof ReportView>;

export const ReportPage = pageOf(ReportView);
export type ReportPage = z.infer<typeof ReportPage>;

export const HandleReportRequest = z
  .object({
    report_id: positiveId('举报编号'),
    action: z.enum(values(REPORT_ACTIONS), { error: '处理方式只能是驳回、隐藏、删除或禁言' }),
    mute_days: days('禁言天数').optional(),
  })
  .refine((r) => r.action !== 'mute' || r.mute_days !== undefined, {
    message: '禁言天数不能为空',
    path: ['mute_days'],
  });
export type HandleReportRequest = z.infer<typeof HandleReportRequest>;

export const MuteRequest = z.object({
  uuid: positiveId('用户编号'),
  days: days('禁言天数'),
  reason: z
    .string({ error: '禁言原因必须是文字' })
    .trim()
    .min(1, '禁言原因不能为空')
    .max(MODERATION_LIMITS.reasonMax, `禁言原因不能超过 ${MODERATION_LIMITS.reasonMax} 个字符`),
});
export type MuteRequest = z.infer<typeof MuteRequest>;

export const MuteResult = z.object({ until: z.string() });
export type MuteResult = z.infer<typeof MuteResult>;

export const MuteView = z.object({
  uuid: z.number().int(),
  username: z.string(),
  until: z.string(),
  reason: z.string(),
  by: Person.nullable(),
  create_time: z.string(),
});
export type MuteView = z.infer<typeof MuteView>;

export const MutePage = pageOf(MuteView);
export type MutePage = z.infer<typeof MutePage>;
