import { z } from 'zod';
import { LANGUAGES } from '../enums';
import { pageOf, pageQuery } from '../paging';
import { REPLAY_MAX_BYTES, REPLAY_MAX_EVENTS, type ReplayWire, wireBytes } from '../replay';

/**
 * Contract of code replay (issue 15): the timeline sent with a submission (`replay` of judgeRequest),
 * my replays, one replay to play, and the owner's share switch. The event encoding is replay.ts's.
 */

const dt = z.number().int().min(0).max(86_400_000);
const pos = z.number().int().min(0);
const ReplayEventSchema = z.union(
  [
    z.tuple([dt, pos, z.string().min(1)]),
    z.tuple([dt, pos, z.number().int().min(1)]),
    z.tuple([dt, z.enum(['r', 's'])]),
  ],
  { error: '代码回放的编辑记录格式不正确' },
);

export const ReplayWireSchema = z
  .object(
    {
      v: z.literal(1, { error: '代码回放的格式版本不受支持' }),
      start: z.string({ error: '代码回放的起始代码必须是字符串' }),
      events: z
        .array(ReplayEventSchema, { error: '代码回放的编辑记录格式不正确' })
        .max(REPLAY_MAX_EVENTS, `代码回放最多 ${REPLAY_MAX_EVENTS} 个事件`),
      snapshots: z.array(z.tuple([z.number().int().min(0), z.string()]), {
        error: '代码回放的快照格式不正确',
      }),
    },
    { error: '代码回放必须是对象' },
  )
  .refine(
    (w) => wireBytes(w as ReplayWire) <= REPLAY_MAX_BYTES,
    `代码回放不能超过 ${REPLAY_MAX_BYTES / 1024} KiB`,
  );

const id = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(1, `${label}必须是正整数`);

/** One row of /code-replay (no timeline). */
export const ReplayRow = z.object({
  id: z.number().int(),
  submission_id: z.number().int(),
  problem_id: z.number().int(),
  problem_name: z.string(),
  uuid: z.number().int(),
  username: z.string(),
  language: z.enum(LANGUAGES),
  /** Time from the first to the last event, ms. */
  duration_ms: z.number().int(),
  edit_count: z.number().int(),
  run_count: z.number().int(),
  stored_bytes: z.number().int(),
  shared: z.boolean(),
  create_time: z.string(),
});
export type ReplayRow = z.infer<typeof ReplayRow>;
export const ReplayPage = pageOf(ReplayRow);
export type ReplayPage = z.infer<typeof ReplayPage>;
export const ReplayListQuery = pageQuery(10);

/** `id` or `submission_id` (the record page's link). */
export const ReplayQuery = z
  .object({ id: id('回放编号').optional(), submission_id: id('提交编号').optional() })
  .refine((q) => q.id !== undefined || q.submission_id !== undefined, {
    message: '回放编号和提交编号至少填写一个',
    path: ['id'],
  });
export type ReplayQuery = z.infer<typeof ReplayQuery>;

export const ReplayDetail = ReplayRow.extend({
  /** Whether the viewer owns it (and may share it). */
  mine: z.boolean(),
  timeline: z.object({
    v: z.literal(1),
    start: z.string(),
    events: z.array(z.array(z.union([z.number(), z.string()]))),
    snapshots: z.array(z.tuple([z.number(), z.string()])),
  }),
});
export type ReplayDetail = z.infer<typeof ReplayDetail>;

/** Whether a submission has a replay the viewer may play (null: none, or not for this viewer). */
export const ReplayLink = z.object({ id: z.number().int() }).nullable();
export type ReplayLink = z.infer<typeof ReplayLink>;

export const ReplayShareRequest = z.object({
  id: z.number({ error: '回放编号必须是整数' }).int('回放编号必须是整数').min(1, '回放编号必须是正整数'),
  shared: z.boolean({ error: '是否分享必须是布尔值' }),
});
export type ReplayShareRequest = z.infer<typeof ReplayShareRequest>;
