import type { ContestRecordFilter, PageQuery } from '@oj/shared';
import type { IdSubquery } from '../../db/scoped';
import { paginateQuery } from '../../lib/pagination';
import { hasCurtain, type VerdictCurtain } from './curtain';
import { type Db, hiddenVerdictSql } from './repo';
import type { SubmissionRow } from './tables';

/** The record lists and what other modules read of the submissions (contests, similarity). */

/** What a record list shows (every field optional but `curtain`). */
export interface RecordsFilter {
  /**
   * Leave out hidden problems' records (`ids`, the problems' subquery) except the viewer's own and
   * those of `exceptIds` (class problems the viewer teaches: issue 27 part 3).
   */
  hidden?: { ids: IdSubquery; exceptUserId: number; exceptIds?: IdSubquery };
  problemId?: number;
  userId?: number;
  /** Authors by name (an empty list matches nobody). */
  userIds?: number[];
  status?: string;
  language?: string;
  /** Others' tries behind a frozen scoreboard list as pending, and filter as pending. */
  curtain: VerdictCurtain;
}

/** A page of records, newest first. */
export function recordsPage(db: Db, f: RecordsFilter, page: PageQuery) {
  const curtained = hasCurtain(f.curtain);
  const status = f.status;
  const base = () => {
    let b = db.selectFrom('submissions');
    const hidden = f.hidden;
    if (hidden)
      b = b.where((eb) =>
        eb.or([
          eb('problem_id', 'not in', hidden.ids),
          eb('user_id', '=', hidden.exceptUserId),
          ...(hidden.exceptIds ? [eb('problem_id', 'in', hidden.exceptIds)] : []),
        ]),
      );
    if (f.problemId !== undefined) b = b.where('problem_id', '=', f.problemId);
    if (f.userId !== undefined) b = b.where('user_id', '=', f.userId);
    if (f.userIds) b = b.where('user_id', 'in', f.userIds.length ? f.userIds : [-1]);
    if (status && !curtained) b = b.where('status', '=', status);
    else if (status === 'PD')
      b = b.where((eb) => eb.or([eb('status', '=', 'PD'), hiddenVerdictSql(eb, f.curtain)]));
    else if (status)
      b = b.where((eb) => eb.and([eb('status', '=', status), eb.not(hiddenVerdictSql(eb, f.curtain))]));
    if (f.language) b = b.where('language', '=', f.language);
    return b;
  };
  return paginateQuery(page, base, (b) => b.selectAll().orderBy('id', 'desc'));
}

/** Submissions per Asia/Shanghai date of one user in one year. */
export const dailyCounts = (db: Db, userId: number, year: number) =>
  db
    .selectFrom('submissions')
    .select((eb) => ['local_date', eb.fn.countAll().as('num')])
    .where('user_id', '=', userId)
    .where('local_date', '>=', `${year}-01-01`)
    .where('local_date', '<=', `${year}-12-31`)
    .groupBy('local_date')
    .orderBy('local_date')
    .execute();

/**
 * A user's submissions in one contest, newest first: all, or one kind (in the contest, virtual,
 * practice). `userIds`: the user, or in a team contest their team's members.
 */
export const contestPage = (
  db: Db,
  contestId: number,
  userIds: number[],
  page: PageQuery,
  filter: ContestRecordFilter = 'all',
) =>
  paginateQuery(
    page,
    () => {
      const b = db
        .selectFrom('submissions')
        .where('competition_id', '=', contestId)
        .where('user_id', userIds.length === 1 ? '=' : 'in', userIds.length === 1 ? userIds[0] : userIds);
      return filter === 'all' ? b : b.where('contest_mode', '=', filter === 'contest' ? '' : filter);
    },
    (b) => b.selectAll().orderBy('id', 'desc'),
  );

/**
 * What a scoreboard needs of the tries made in a contest while it ran (no code, no tests): the
 * verdict, and the points with each subtask's (the scored contest rules, issue 26).
 */
export type ContestTry = Pick<
  SubmissionRow,
  'id' | 'user_id' | 'problem_index' | 'status' | 'create_time' | 'score' | 'full_score' | 'subtasks'
>;

const CONTEST_TRY_COLUMNS = [
  'id',
  'user_id',
  'problem_index',
  'status',
  'create_time',
  'score',
  'full_score',
  'subtasks',
] as const;

/** One try as a scoreboard needs it (a verdict just stored). */
export const contestTry = (db: Db, id: number): Promise<ContestTry | undefined> =>
  db.selectFrom('submissions').select(CONTEST_TRY_COLUMNS).where('id', '=', id).executeTakeFirst();

/** The submissions made in a contest between its start and its end (a scoreboard being loaded). */
export const contestTries = (
  db: Db,
  contest: { id: number; start_time: string; end_time: string },
): Promise<ContestTry[]> =>
  db
    .selectFrom('submissions')
    .select(CONTEST_TRY_COLUMNS)
    .where('competition_id', '=', contest.id)
    .where('create_time', '>=', contest.start_time)
    .where('create_time', '<', contest.end_time)
    // Virtual runs are made after the end; kept out by their mark too, should the end move later.
    .where('contest_mode', '!=', 'virtual')
    .execute();

/** One user's tries of a virtual run of a contest made since the run started (its virtual board). */
export const virtualTries = (
  db: Db,
  contestId: number,
  userId: number,
  since: string,
): Promise<ContestTry[]> =>
  db
    .selectFrom('submissions')
    .select(CONTEST_TRY_COLUMNS)
    .where('competition_id', '=', contestId)
    .where('user_id', '=', userId)
    .where('contest_mode', '=', 'virtual')
    .where('create_time', '>=', since)
    .execute();

/** The tries at a contest's problems made until its end, with their code, in id order. */
export const contestCode = (db: Db, contest: { id: number; end_time: string }) =>
  db
    .selectFrom('submissions')
    .select(['id', 'user_id', 'problem_index', 'language', 'source_code', 'status'])
    .where('competition_id', '=', contest.id)
    .where('problem_index', 'is not', null)
    .where('create_time', '<=', contest.end_time)
    .where('contest_mode', '!=', 'virtual')
    .orderBy('id')
    .execute();

/** Sources of some submissions by id. */
export async function sourcesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('submissions')
    .select(['id', 'source_code'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.source_code]));
}
