import { type CompetitionAddRequest, problemLetter } from '@oj/shared';
import type { Kysely } from 'kysely';
import type { CompetitionRow, Database } from '../../db/types';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { ContestType, QUESTION_CONTEST_TYPES } from './deps';
import { idsAfter as idsAfterIn } from '../../db/ids-after';

/** The contest tables (competitions, competition_problems, competition_participants) are this module's. */
type Db = { db: Kysely<Database> };

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
  if (!p) throw badRequest(`比赛中没有第 ${index + 1} 题`);
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

const contestsWithQuestion = (c: Db, questionId: number) =>
  c.db
    .selectFrom('competition_problems as cp')
    .innerJoin('competitions as c', 'c.id', 'cp.competition_id')
    .select('c.id')
    .where('cp.problem_id', '=', questionId)
    .where('c.type', 'in', [...QUESTION_CONTEST_TYPES])
    .where('c.is_delete', '=', 0);

/** A running math / 408 contest lists the question (the bank withholds its answers meanwhile). */
export async function questionInRunningContest(c: Db, questionId: number): Promise<boolean> {
  const now = nowIso();
  return Boolean(
    await contestsWithQuestion(c, questionId)
      .where('c.start_time', '<=', now)
      .where('c.end_time', '>', now)
      .executeTakeFirst(),
  );
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

/** The running math / 408 contests that list a question, oldest first, with their authors. */
export function runningContestsWithQuestion(c: Db, questionId: number) {
  const now = nowIso();
  return contestsWithQuestion(c, questionId)
    .select(['c.name', 'c.owner_id'])
    .where('c.start_time', '<=', now)
    .where('c.end_time', '>', now)
    .orderBy('c.id')
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
 * The algorithm problems that a running programming contest lists: the search hides them, and
 * posts about them, from everyone but admins until the contest ends.
 */
export async function runningProblemIds(c: Db): Promise<number[]> {
  const now = nowIso();
  const rows = await c.db
    .selectFrom('competition_problems as cp')
    .innerJoin('competitions as c', 'c.id', 'cp.competition_id')
    .select('cp.problem_id')
    .distinct()
    .where('c.type', '=', ContestType.Programming)
    .where('c.is_delete', '=', 0)
    .where('c.start_time', '<=', now)
    .where('c.end_time', '>', now)
    .execute();
  return rows.map((r) => r.problem_id);
}

/**
 * The algorithm problems of the running programming contests a user joined: the forum hides their
 * solutions and Q&A from that user until the contest ends.
 */
export async function runningProblemsOfParticipant(c: Db, userId: number): Promise<number[]> {
  const now = nowIso();
  const rows = await c.db
    .selectFrom('competition_participants as p')
    .innerJoin('competitions as c', 'c.id', 'p.competition_id')
    .innerJoin('competition_problems as cp', 'cp.competition_id', 'c.id')
    .select('cp.problem_id')
    .distinct()
    .where('p.user_id', '=', userId)
    .where('c.type', '=', ContestType.Programming)
    .where('c.is_delete', '=', 0)
    .where('c.start_time', '<=', now)
    .where('c.end_time', '>', now)
    .execute();
  return rows.map((r) => r.problem_id);
}
