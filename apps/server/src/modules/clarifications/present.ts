import type { Clarification, ContestAnnouncement } from '@oj/shared';
import type { AnnouncementRow, ClarificationRow } from './tables';
import type { ContestAccess } from '../competitions';

export const presentAnnouncement = (r: AnnouncementRow): ContestAnnouncement => ({
  id: r.id,
  competition_id: r.competition_id,
  content: r.content,
  create_time: r.create_time,
});

/** Who asked stays with the contest's managers: other participants see the question only. */
export function presentClarification(
  r: ClarificationRow,
  access: Pick<ContestAccess, 'manager' | 'problems'>,
  viewerId: number,
  names: Map<number, { username: string }>,
): Clarification {
  const problem = access.problems.find((p) => p.index === r.problem_index);
  return {
    id: r.id,
    competition_id: r.competition_id,
    problem_index: r.problem_index,
    problem_name: r.problem_index === null ? null : (problem?.display_name ?? String(r.problem_index + 1)),
    asker: access.manager ? { uuid: r.user_id, username: names.get(r.user_id)?.username ?? '' } : null,
    mine: r.user_id === viewerId,
    question: r.question,
    answer: r.answer,
    public: r.is_public === 1,
    create_time: r.create_time,
    answer_time: r.answer_time,
  };
}
