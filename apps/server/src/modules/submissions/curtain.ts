import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import type { Database, SubmissionRow } from '../../db/types';
import { PENDING_RESULT } from './pending-result';

/**
 * The verdicts a viewer may not see right now, because a contest's scoreboard is frozen: tries
 * made after the freeze began show as pending to everyone but their author (and admins, who get
 * no curtain). The contests module decides it (competitions/freezeRule.ts, the scoreboard's own
 * rule); judging only applies it, on every path that shows a verdict: record, stream, lists, sums
 * and the problem's counters.
 */
export interface VerdictCurtain {
  /** Whose tries stay visible (their own); -1 for nobody (stored public counters). */
  viewerId: number;
  /** Frozen programming contests: their submissions made in [from, to) are hidden. */
  spans: { contestId: number; from: string; to: string }[];
  /** Submissions behind math / 408 programming answers given in a frozen math or 408 contest. */
  submissionIds: number[];
}

export const NO_CURTAIN: VerdictCurtain = { viewerId: -1, spans: [], submissionIds: [] };

type Row = Pick<SubmissionRow, 'id' | 'user_id' | 'competition_id' | 'create_time'>;

export function hidesVerdict(curtain: VerdictCurtain, s: Row): boolean {
  if (s.user_id === curtain.viewerId) return false;
  if (curtain.submissionIds.includes(s.id)) return true;
  return curtain.spans.some(
    (span) => s.competition_id === span.contestId && s.create_time >= span.from && s.create_time < span.to,
  );
}

/** The same rule in SQL: true for the submissions whose verdict is hidden from the viewer. */
export function hiddenVerdictSql(
  eb: ExpressionBuilder<Database, 'submissions'>,
  curtain: VerdictCurtain,
): Expression<SqlBool> {
  const hidden: Expression<SqlBool>[] = curtain.spans.map((span) =>
    eb.and([
      eb('submissions.competition_id', '=', span.contestId),
      eb('submissions.create_time', '>=', span.from),
      eb('submissions.create_time', '<', span.to),
    ]),
  );
  if (curtain.submissionIds.length) hidden.push(eb('submissions.id', 'in', curtain.submissionIds));
  if (!hidden.length) return sql<SqlBool>`1 = 0`;
  return eb.and([eb('submissions.user_id', '!=', curtain.viewerId), eb.or(hidden)]);
}

/** How many of the tries count as accepted for the viewer: a frozen one not yet (SUM over rows). */
export function shownAcceptedSql(eb: ExpressionBuilder<Database, 'submissions'>, curtain: VerdictCurtain) {
  const shown = eb.and([eb('submissions.status', '=', 'AC'), eb.not(hiddenVerdictSql(eb, curtain))]);
  return eb.fn.sum<number | string | null>(eb.case().when(shown).then(1).else(0).end());
}

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
