import type { RejudgedNotice } from '../notifications';
import type { ContestAccess } from '../competitions';
import type { RejudgeRunRow } from './tables';

export type RejudgeNotice = RejudgedNotice;

const points = (score: number | null) => (score === null ? '' : ` ${Math.round(score * 100) / 100} 分`);

/** One notice per changed submission, to its author: the contest, the problem, old → new. */
export function noticesOf(
  changed: RejudgeRunRow[],
  at: { by: number; access: ContestAccess; problemName: (index: number) => string },
): RejudgeNotice[] {
  return changed.map((r) => ({
    user_id: r.user_id,
    by: at.by,
    title: at.access.name,
    excerpt:
      `提交 ${r.submission_id}（${at.problemName(r.problem_index)} 题）重新评测：` +
      `${r.old_status}${points(r.old_score)} → ${r.new_status}${points(r.new_score)}`,
  }));
}
