import { z } from 'zod';

/**
 * Issue 26 part 2: virtual participation, practice and window contests (docs/competitions.md).
 * How a contest submission counts: '' in the contest itself, 'virtual' in its author's virtual run
 * (after the end; never on the real board, awards or rating), 'practice' after the end otherwise.
 */
export const CONTEST_MODES = ['', 'virtual', 'practice'] as const;
export const ContestModeSchema = z.enum(CONTEST_MODES);
export type ContestMode = z.infer<typeof ContestModeSchema>;

/** The longest per-participant window: the longest contest (30 days). */
export const WINDOW_MINUTES_MAX = 30 * 24 * 60;

/** `/api/competition/run/mine`: the caller's window and virtual run in one contest. */
export const ContestRun = z.object({
  /** A window contest's per-participant minutes (0 = none). */
  window_minutes: z.number().int(),
  /** The caller pressed 开始 then (window contests), or null. */
  window_started_at: z.string().nullable(),
  /** The end of the caller's window: start + minutes, cut at the contest's end; null before 开始. */
  window_end_at: z.string().nullable(),
  /** The caller's latest virtual run, or null. */
  virtual: z
    .object({
      started_at: z.string(),
      end_at: z.string(),
      /** Still running (now < end_at). */
      active: z.boolean(),
    })
    .nullable(),
  /** Whether the caller may start a virtual run now (an ended programming contest they may read). */
  may_start_virtual: z.boolean(),
});
export type ContestRun = z.infer<typeof ContestRun>;

/** The caller's own submissions in a contest (我的提交), all or one kind. */
export const CONTEST_RECORD_FILTERS = ['all', 'contest', 'virtual', 'practice'] as const;
export const ContestRecordFilter = z.enum(CONTEST_RECORD_FILTERS, {
  error: '提交类型只能是全部、比赛、虚拟参赛或练习',
});
export type ContestRecordFilter = z.infer<typeof ContestRecordFilter>;
