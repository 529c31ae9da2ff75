import type { Kysely } from 'kysely';
import type { SubmissionRow, SubmissionsTables } from './tables';

/** A contest's submission as the ICPC Contest API shows it: no code, the per-test results kept. */
export type ContestLogRow = Pick<
  SubmissionRow,
  | 'id'
  | 'user_id'
  | 'problem_index'
  | 'language'
  | 'status'
  | 'create_time'
  | 'judge_time'
  | 'time_used'
  | 'test_results'
  | 'score'
>;

/**
 * What the ICPC Contest API (modules/contest-api) reads of this table, a lower part the composition
 * root builds over this module's own handle: the submissions made in a contest while it ran, in id
 * order, one statement (the event feed's backlog of a whole contest).
 */
export function createContestLog(d: { db: Kysely<SubmissionsTables> }) {
  return {
    ofContest: (contest: { id: number; start_time: string; end_time: string }): Promise<ContestLogRow[]> =>
      d.db
        .selectFrom('submissions')
        .select([
          'id',
          'user_id',
          'problem_index',
          'language',
          'status',
          'create_time',
          'judge_time',
          'time_used',
          'test_results',
          'score',
        ])
        .where('competition_id', '=', contest.id)
        .where('problem_index', 'is not', null)
        .where('create_time', '>=', contest.start_time)
        .where('create_time', '<', contest.end_time)
        // Virtual runs never reach the Contest API (issue 26 part 2).
        .where('contest_mode', '!=', 'virtual')
        .orderBy('id')
        .execute(),
  };
}
export type ContestLog = ReturnType<typeof createContestLog>;
