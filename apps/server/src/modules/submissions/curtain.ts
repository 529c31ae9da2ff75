import type { SubmissionRow } from './tables';
import { PENDING_RESULT } from './pending-result';

/**
 * The verdicts a viewer may not see right now, because a contest's scoreboard is frozen: tries
 * made after the freeze began show as pending to everyone but their author (and admins, who get
 * no curtain). The contests module decides it (competitions/freezeRule.ts, the scoreboard's own
 * rule); judging only applies it, on every path that shows a verdict: record, stream, lists, sums
 * and the problem's counters (the same rule in SQL: repo.ts `hiddenVerdictSql`).
 */
export interface VerdictCurtain {
  /** Whose tries stay visible (their own); -1 for nobody (stored public counters). */
  viewerId: number;
  /**
   * Frozen programming contests: their submissions made in [from, to) are hidden. `evenAuthor`: from
   * their authors too (a running OI contest shows its participants only 已提交, issue 26).
   */
  spans: { contestId: number; from: string; to: string; evenAuthor?: boolean }[];
  /** Submissions behind math / 408 programming answers given in a frozen math or 408 contest. */
  submissionIds: number[];
}

export const NO_CURTAIN: VerdictCurtain = { viewerId: -1, spans: [], submissionIds: [] };

type Row = Pick<SubmissionRow, 'id' | 'user_id' | 'competition_id' | 'create_time'>;

export function hidesVerdict(curtain: VerdictCurtain, s: Row): boolean {
  const own = s.user_id === curtain.viewerId;
  if (!own && curtain.submissionIds.includes(s.id)) return true;
  return curtain.spans.some(
    (span) =>
      (!own || span.evenAuthor === true) &&
      s.competition_id === span.contestId &&
      s.create_time >= span.from &&
      s.create_time < span.to,
  );
}

/** Whether the curtain hides some of the viewer's own tries (then "mine" counts go behind it too). */
export const hidesOwn = (curtain: VerdictCurtain) => curtain.spans.some((span) => span.evenAuthor === true);

export const hasCurtain = (curtain: VerdictCurtain) =>
  curtain.spans.length > 0 || curtain.submissionIds.length > 0;

/** A hidden verdict as others see it: pending, with nothing of the run (`frozen` says why). */
export function behindCurtain(s: SubmissionRow): SubmissionRow {
  return {
    ...s,
    ...PENDING_RESULT,
    judge_time: null,
  };
}
