import { z } from 'zod';
import { VERDICTS } from './enums';

/**
 * Rejudge sets (issue 26 part 4, `/api/rejudge/…`), in the style of DOMjudge's rejudgings: the
 * chosen submissions of one contest are judged again beside their stored verdicts, the set shows
 * old against new and what would change on the board, then it is applied (the stored verdicts,
 * the board, the ratings and the users' notifications follow) or cancelled (nothing changes).
 * Admins for any contest, the author of a user-created contest for their own.
 */

export const REJUDGE_SCOPES = ['submission', 'problem', 'contest'] as const;
export type RejudgeScope = (typeof REJUDGE_SCOPES)[number];

export const REJUDGE_STATES = ['judging', 'ready', 'applied', 'cancelled'] as const;
export type RejudgeState = (typeof REJUDGE_STATES)[number];

export const REJUDGE_LIMITS = { reasonMax: 500, runsMax: 5000 } as const;

const positive = (label: string, min = 1) =>
  z.coerce
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(min, `${label}必须大于等于 ${min}`);

/**
 * A new set: one submission (`submission_id`), every submission of one problem of the contest
 * (`problem_index`, 0-based as submissions name it), or every submission of the contest.
 */
export const RejudgeCreateRequest = z
  .object({
    competition_id: positive('比赛编号'),
    scope: z.enum(REJUDGE_SCOPES, { error: '重测范围必须是单个提交、一道题或整场比赛' }),
    submission_id: positive('提交编号').optional(),
    problem_index: positive('题目序号', 0).optional(),
    reason: z
      .string({ error: '原因必须是文字' })
      .trim()
      .max(REJUDGE_LIMITS.reasonMax, `原因最多 ${REJUDGE_LIMITS.reasonMax} 个字`)
      .default(''),
  })
  .superRefine((v, ctx) => {
    if (v.scope === 'submission' && v.submission_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['submission_id'], message: '重测单个提交时请填写提交编号' });
    if (v.scope === 'problem' && v.problem_index === undefined)
      ctx.addIssue({ code: 'custom', path: ['problem_index'], message: '重测一道题时请选择题目' });
  });
export type RejudgeCreateRequest = z.infer<typeof RejudgeCreateRequest>;
export type RejudgeCreateRequestRaw = z.input<typeof RejudgeCreateRequest>;

export const RejudgeCreated = z.object({ set_id: z.number().int(), total: z.number().int() });
export type RejudgeCreated = z.infer<typeof RejudgeCreated>;

export const RejudgeContestQuery = z.object({ competition_id: positive('比赛编号') });
export type RejudgeContestQuery = z.infer<typeof RejudgeContestQuery>;

export const RejudgeSetQuery = z.object({ set_id: positive('重测集编号') });
export type RejudgeSetQuery = z.infer<typeof RejudgeSetQuery>;

/** A set as listed: its scope, state and progress (`judged` of `total`). */
export const RejudgeSetSummary = z.object({
  set_id: z.number().int(),
  competition_id: z.number().int(),
  scope: z.enum(REJUDGE_SCOPES),
  /** The problem's display name (A, B…) for a problem's set; null otherwise. */
  problem: z.string().nullable(),
  submission_id: z.number().int().nullable(),
  state: z.enum(REJUDGE_STATES),
  reason: z.string(),
  created_by: z.object({ uuid: z.number().int(), username: z.string() }).nullable(),
  created_at: z.string(),
  applied_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  total: z.number().int(),
  judged: z.number().int(),
  /** Judged runs whose verdict or score differs from the stored one. */
  changed: z.number().int(),
});
export type RejudgeSetSummary = z.infer<typeof RejudgeSetSummary>;

const verdict = z.enum(VERDICTS);

/** One submission of a set: its verdict as stored when the set was made, and as judged again. */
export const RejudgeRunView = z.object({
  submission_id: z.number().int(),
  user: z.object({ uuid: z.number().int(), username: z.string() }),
  /** The problem's display name in the contest (A, B…). */
  problem: z.string(),
  old_status: verdict,
  old_score: z.number().nullable(),
  old_time: z.number().int(),
  old_memory: z.number().int(),
  /** Null until judged. */
  new_status: verdict.nullable(),
  new_score: z.number().nullable(),
  new_time: z.number().int().nullable(),
  new_memory: z.number().int().nullable(),
  judged: z.boolean(),
  changed: z.boolean(),
});
export type RejudgeRunView = z.infer<typeof RejudgeRunView>;

/** One participant's board row before and after the set (true standings, never frozen). */
export const RejudgeBoardRow = z.object({
  uuid: z.number().int(),
  username: z.string(),
  rank_before: z.number().int(),
  rank_after: z.number().int(),
  solved_before: z.number().int(),
  solved_after: z.number().int(),
  penalty_before: z.number().int(),
  penalty_after: z.number().int(),
  /** Scored rules only. */
  score_before: z.number().nullable(),
  score_after: z.number().nullable(),
});
export type RejudgeBoardRow = z.infer<typeof RejudgeBoardRow>;

export const RejudgeSetDetail = RejudgeSetSummary.extend({
  competition_name: z.string(),
  runs: z.array(RejudgeRunView),
  /** The participants whose row would change (rank, solved, penalty or score); judged runs only. */
  board: z.array(RejudgeBoardRow),
});
export type RejudgeSetDetail = z.infer<typeof RejudgeSetDetail>;

export const RejudgeApplied = z.object({ changed: z.number().int() });
export type RejudgeApplied = z.infer<typeof RejudgeApplied>;
