import { type CompetitionAddRequest, problemLetter } from '@oj/shared';
import type { Kysely } from 'kysely';
import type { CompetitionRow, Database } from '../../db/types';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { ContestType, QUESTION_CONTEST_TYPES } from './deps';
import { idsAfter as idsAfterIn } from '../../db/ids-after';

/** The contest tables (competitions, competition_problems, competition_participants) are this module's. */
export type ContestDb = { db: Kysely<Database> };
type Db = ContestDb;

export async function contestRow(c: Db, id: number): Promise<CompetitionRow> {
  const row = await c.db
    .selectFrom('competitions')
    .selectAll()
    .where('id', '=', id)
    .where('is_delete', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound(`比赛 ${id} 不存在`);
  return row;
}

export async function isJoined(c: Db, contestId: number, userId: number): Promise<boolean> {
  if (userId < 0) return false;
  return Boolean(
    await c.db
      .selectFrom('competition_participants')
      .select('user_id')
      .where('competition_id', '=', contestId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
}

/** Rows of a per-contest table (participants or problems) for each of some contests. */
export async function countPerContest(
  c: Db,
  table: 'competition_participants' | 'competition_problems',
  ids: number[],
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await c.db
    .selectFrom(table)
    .select((eb) => ['competition_id', eb.fn.countAll().as('n')])
    .where('competition_id', 'in', ids)
    .groupBy('competition_id')
    .execute();
  return new Map(rows.map((r) => [r.competition_id, Number(r.n)]));
}

/** Which of some contests a user joined. */
export async function joinedAmong(c: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (userId <= 0 || !ids.length) return new Set();
  const rows = await c.db
    .selectFrom('competition_participants')
    .select('competition_id')
    .where('user_id', '=', userId)
    .where('competition_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.competition_id));
}

/** Contests not deleted (a fresh builder per call, for `paginateQuery`). */
export const liveContests = (c: Db) => c.db.selectFrom('competitions').where('is_delete', '=', 0);

export const contestProblems = (c: Db, id: number) =>
  c.db
    .selectFrom('competition_problems')
    .selectAll()
    .where('competition_id', '=', id)
    .orderBy('idx')
    .execute();

export async function problemRow(c: Db, contest: CompetitionRow, index: number) {
  const p = await c.db
    .selectFrom('competition_problems')
    .selectAll()
    .where('competition_id', '=', contest.id)
    .where('idx', '=', index)
    .executeTakeFirst();
  if (!p) throw badRequest(`比赛中没有第 ${index + 1} 题`, 'index');
  return p;
}

export async function writeProblems(c: Db, contestId: number, req: CompetitionAddRequest): Promise<void> {
  await c.db.deleteFrom('competition_problems').where('competition_id', '=', contestId).execute();
  await c.db
    .insertInto('competition_problems')
    .values(
      req.problems.map((p, idx) => ({
        competition_id: contestId,
        idx,
        problem_id: p.problem_id,
        display_name: p.display_name || problemLetter(idx),
        title: p.title || null,
      })),
    )
    .execute();
}

/** The started math / 408 contests that list a question (a hidden one becomes readable through them). */
export function startedContestsWithQuestion(c: Db, questionId: number): Promise<CompetitionRow[]> {
  return c.db
    .selectFrom('competition_problems as cp')
    .innerJoin('competitions as c', 'c.id', 'cp.competition_id')
    .selectAll('c')
    .where('cp.problem_id', '=', questionId)
    .where('c.type', 'in', [...QUESTION_CONTEST_TYPES])
    .where('c.is_delete', '=', 0)
    .where('c.start_time', '<=', nowIso())
    .execute();
}

/** The problem ids a contest lists (algorithm problems, or math / 408 questions). */
export async function listedProblemIds(c: Db, contestId: number): Promise<number[]> {
  const rows = await c.db
    .selectFrom('competition_problems')
    .select('problem_id')
    .where('competition_id', '=', contestId)
    .execute();
  return rows.map((r) => r.problem_id);
}

/** Live contests by id, for the search index. */
export async function forIndex(c: Db, ids: number[]): Promise<CompetitionRow[]> {
  if (!ids.length) return [];
  return liveContests(c).selectAll().where('id', 'in', ids).execute();
}

/** Contest ids (deleted ones too) after `after`, in order: the search rebuild's batches. */
export function idsAfter(c: Db, after: number, limit: number): Promise<number[]> {
  return idsAfterIn(c.db, 'competitions', after, limit);
}

/**
 * The rows of the running contests of some types that lock a user out of their problems' solution
 * material (docs/competitions.md, "Solution material during a contest"): the official ones lock
 * everyone, a user's contest only those who joined it. `userId` -1: an anonymous viewer.
 */
function lockingProblemRows(c: Db, types: readonly ContestType[], userId: number) {
  const now = nowIso();
  return c.db
    .selectFrom('competition_problems as cp')
    .innerJoin('competitions as c', 'c.id', 'cp.competition_id')
    .where('c.type', 'in', [...types])
    .where('c.is_delete', '=', 0)
    .where('c.start_time', '<=', now)
    .where('c.end_time', '>', now)
    .where((eb) =>
      eb.or([
        eb('c.official', '=', 1),
        eb(
          'c.id',
          'in',
          eb.selectFrom('competition_participants').select('competition_id').where('user_id', '=', userId),
        ),
      ]),
    );
}

/** The algorithm problems whose solutions and Q&A a running programming contest keeps from a user. */
export async function lockedProblems(c: Db, userId: number): Promise<number[]> {
  const rows = await lockingProblemRows(c, [ContestType.Programming], userId)
    .select('cp.problem_id')
    .distinct()
    .execute();
  return rows.map((r) => r.problem_id);
}

/** The running math / 408 contests that keep a question's key from a user, oldest first. */
export function contestsLockingQuestion(c: Db, userId: number, questionId: number) {
  return lockingProblemRows(c, QUESTION_CONTEST_TYPES, userId)
    .select(['c.id', 'c.name', 'c.official'])
    .where('cp.problem_id', '=', questionId)
    .orderBy('c.id')
    .execute();
}
