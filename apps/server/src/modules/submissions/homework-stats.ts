import { sql } from 'kysely';
import type { Db } from './repo';

/** One user's tries of one problem in a homework's window (practice tries only, judged). */
export interface HomeworkStat {
  user_id: number;
  problem_id: number;
  attempts: number;
  /** The first accepted try's time, on or before `to`; null when none. */
  first_accepted: string | null;
  /** Best share of the full score (AC = 1) among tries up to the deadline; null when none. */
  best_on_time: number | null;
  /** Best share among tries after the deadline (the late period); null when none. */
  best_late: number | null;
}

/**
 * The classes' homework (docs/classes.md "Homework"): every user × problem pair's tries between
 * `from` and `to` in ONE grouped statement, whatever the number of users and problems. Contest
 * tries and pending ones are left out.
 */
export async function homeworkStats(
  db: Db,
  userIds: number[],
  problemIds: number[],
  window: { from: string; deadline: string; to: string },
): Promise<HomeworkStat[]> {
  if (!userIds.length || !problemIds.length) return [];
  const share = sql<number>`case when status = 'AC' and (full_score is null or score >= full_score - 0.000001) then 1.0
    when full_score is not null and full_score > 0 then coalesce(score, 0) * 1.0 / full_score else 0.0 end`;
  const rows = await db
    .selectFrom('submissions')
    .select([
      'user_id',
      'problem_id',
      sql<string | number>`count(*)`.as('attempts'),
      sql<string | null>`min(case when status = 'AC' then create_time end)`.as('first_accepted'),
      sql<number | null>`max(case when create_time <= ${window.deadline} then ${share} end)`.as(
        'best_on_time',
      ),
      sql<number | null>`max(case when create_time > ${window.deadline} then ${share} end)`.as('best_late'),
    ])
    .where('user_id', 'in', userIds)
    .where('problem_id', 'in', problemIds)
    .where('competition_id', 'is', null)
    .where('status', '!=', 'PD')
    .where('create_time', '>=', window.from)
    .where('create_time', '<=', window.to)
    .groupBy(['user_id', 'problem_id'])
    .execute();
  return rows.map((r) => ({
    user_id: Number(r.user_id),
    problem_id: Number(r.problem_id),
    attempts: Number(r.attempts),
    first_accepted: r.first_accepted,
    best_on_time: r.best_on_time === null ? null : Number(r.best_on_time),
    best_late: r.best_late === null ? null : Number(r.best_late),
  }));
}
