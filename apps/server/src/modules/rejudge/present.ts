import type {
  RejudgeBoardRow,
  RejudgeRunView,
  RejudgeScope,
  RejudgeSetSummary,
  RejudgeState,
  Verdict,
} from '@oj/shared';
import type { BoardLine } from '../competitions';
import type { UserBrief } from '../users';
import type { RejudgeRunRow, RejudgeSetRow } from './tables';

/** A judged run whose verdict or points differ from the stored ones. */
export const isChanged = (
  r: Pick<RejudgeRunRow, 'judged' | 'new_status' | 'old_status' | 'new_score' | 'old_score'>,
) => Boolean(r.judged) && (r.new_status !== r.old_status || (r.new_score ?? null) !== (r.old_score ?? null));

export function presentSet(
  s: RejudgeSetRow,
  extra: {
    problemName: (index: number) => string;
    creator: UserBrief | undefined;
    progress: { total: number; judged: number; changed: number } | undefined;
  },
): RejudgeSetSummary {
  return {
    set_id: s.id,
    competition_id: s.competition_id,
    scope: s.scope as RejudgeScope,
    problem: s.problem_index === null ? null : extra.problemName(s.problem_index),
    submission_id: s.submission_id,
    state: s.state as RejudgeState,
    reason: s.reason,
    created_by: extra.creator ? { uuid: s.created_by, username: extra.creator.username } : null,
    created_at: s.created_at,
    applied_at: s.applied_at,
    cancelled_at: s.cancelled_at,
    total: extra.progress?.total ?? 0,
    judged: extra.progress?.judged ?? 0,
    changed: extra.progress?.changed ?? 0,
  };
}

export function presentRun(r: RejudgeRunRow, problem: string, user: UserBrief | undefined): RejudgeRunView {
  return {
    submission_id: r.submission_id,
    user: { uuid: r.user_id, username: user?.username ?? '' },
    problem,
    old_status: r.old_status as Verdict,
    old_score: r.old_score,
    old_time: r.old_time,
    old_memory: r.old_memory,
    new_status: r.judged ? (r.new_status as Verdict) : null,
    new_score: r.judged ? r.new_score : null,
    new_time: r.judged ? r.new_time : null,
    new_memory: r.judged ? r.new_memory : null,
    judged: Boolean(r.judged),
    changed: isChanged(r),
  };
}

export const presentBoardRow = ({
  before,
  after,
}: {
  before: BoardLine;
  after: BoardLine;
}): RejudgeBoardRow => ({
  uuid: before.userId,
  username: after.username || before.username,
  rank_before: before.rank,
  rank_after: after.rank,
  solved_before: before.solved,
  solved_after: after.solved,
  penalty_before: before.penalty,
  penalty_after: after.penalty,
  score_before: before.score,
  score_after: after.score,
});
