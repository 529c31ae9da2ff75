import { type CompetitionAddRequest, type PageQuery, problemLetter } from '@oj/shared';
import type { Insertable, Kysely, Updateable } from 'kysely';
import { idsAfter as idsAfterIn } from '../../db/ids-after';
import { badRequest, notFound } from '../../lib/errors';
import { paginateQuery } from '../../lib/pagination';
import { nowIso } from '../../lib/time';
import { ContestType, QUESTION_CONTEST_TYPES } from './deps';
import type { CompetitionProblemRow, CompetitionRow, CompetitionsTable, CompetitionsTables } from './tables';

/**
 * The contests and their problem lists (competitions, competition_problems): only this module
 * touches them, through these functions (participants: participants-repo.ts; the rating chain:
 * rating-repo.ts). Each takes the module's handle, or a transaction of it, first.
 */
export type Db = Kysely<CompetitionsTables>;

/** Several repo calls in one transaction: `fn` gets the transaction as its handle. */
export const inTransaction = <T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> =>
  db.transaction().execute(fn);

/** Contests not deleted (a fresh builder per call). */
const liveContests = (db: Db) => db.selectFrom('competitions').where('is_delete', '=', 0);

export async function contestRow(db: Db, id: number): Promise<CompetitionRow> {
  const row = await liveContestById(db, id);
  if (!row) throw notFound(`比赛 ${id} 不存在`);
  return row;
}

export const liveContestById = (db: Db, id: number): Promise<CompetitionRow | undefined> =>
  liveContests(db).selectAll().where('id', '=', id).executeTakeFirst();

/** A contest's row whatever its state, deleted ones included (the board re-reading its freeze). */
export const anyContestById = (db: Db, id: number): Promise<CompetitionRow> =>
  db.selectFrom('competitions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The list: latest start first. */
export const contestPage = (db: Db, page: PageQuery) =>
  paginateQuery(
    page,
    () => liveContests(db),
    (b) => b.selectAll().orderBy('start_time', 'desc').orderBy('id', 'desc'),
  );

/** Running now (ending soonest first) or starting later (soonest first), at most `limit`. */
export function currentContestRows(db: Db, which: 'running' | 'upcoming', now: string, limit: number) {
  const q = liveContests(db).selectAll();
  return (
    which === 'running'
      ? q.where('start_time', '<=', now).where('end_time', '>', now).orderBy('end_time')
      : q.where('start_time', '>', now).orderBy('start_time')
  )
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function insertContest(db: Db, row: Insertable<CompetitionsTable>): Promise<number> {
  const r = await db.insertInto('competitions').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateContest(db: Db, id: number, set: Updateable<CompetitionsTable>): Promise<void> {
  await db.updateTable('competitions').set(set).where('id', '=', id).execute();
}

export const contestProblems = (db: Db, id: number): Promise<CompetitionProblemRow[]> =>
  db.selectFrom('competition_problems').selectAll().where('competition_id', '=', id).orderBy('idx').execute();

export async function problemRow(db: Db, contest: CompetitionRow, index: number) {
  const p = await db
    .selectFrom('competition_problems')
    .selectAll()
    .where('competition_id', '=', contest.id)
    .where('idx', '=', index)
    .executeTakeFirst();
  if (!p) throw badRequest(`比赛中没有第 ${index + 1} 题`, 'index');
  return p;
}

export async function writeProblems(db: Db, contestId: number, req: CompetitionAddRequest): Promise<void> {
  await db.deleteFrom('competition_problems').where('competition_id', '=', contestId).execute();
  await db
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

/** The problem ids a contest lists (algorithm problems, or math / 408 questions). */
export async function listedProblemIds(db: Db, contestId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('competition_problems')
    .select('problem_id')
    .where('competition_id', '=', contestId)
    .execute();
  return rows.map((r) => r.problem_id);
}

/** Problem-list rows of each of some contests. */
export async function problemCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('competition_problems')
    .select((eb) => ['competition_id', eb.fn.countAll().as('n')])
    .where('competition_id', 'in', ids)
    .groupBy('competition_id')
    .execute();
  return new Map(rows.map((r) => [r.competition_id, Number(r.n)]));
}

/** The started math / 408 contests that list a question (a hidden one becomes readable through them). */
export function startedContestsWithQuestion(db: Db, questionId: number): Promise<CompetitionRow[]> {
  return db
    .selectFrom('competition_problems as cp')
    .innerJoin('competitions as c', 'c.id', 'cp.competition_id')
    .selectAll('c')
    .where('cp.problem_id', '=', questionId)
    .where('c.type', 'in', [...QUESTION_CONTEST_TYPES])
    .where('c.is_delete', '=', 0)
    .where('c.start_time', '<=', nowIso())
    .execute();
}

/** Names of some contests (deleted ones left out). */
export async function contestNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('competitions')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .where('is_delete', '=', 0)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Programming contests that ended, oldest id first. */
export async function endedProgrammingIds(db: Db, now: string): Promise<number[]> {
  const rows = await liveContests(db)
    .select('id')
    .where('type', '=', ContestType.Programming)
    .where('end_time', '<=', now)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Ended contests whose final ranks are not stored yet. */
export async function endedUnfinalizedIds(db: Db, now: string): Promise<number[]> {
  const rows = await liveContests(db)
    .select('id')
    .where('end_time', '<=', now)
    .where('finalized', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The contests with a freeze not lifted, and the OI ones not ended (they hide every verdict while
 * they run): freeze-rule.ts keeps them in memory.
 */
export const freezableContestRows = (db: Db): Promise<CompetitionRow[]> =>
  liveContests(db)
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('freeze_minutes', '>', 0), eb('unfrozen', '=', 0)]),
        eb.and([eb('rule', '=', 'oi'), eb('end_time', '>', nowIso())]),
      ]),
    )
    .execute();

/** Live contests by id, for the search index. */
export async function forIndex(db: Db, ids: number[]): Promise<CompetitionRow[]> {
  if (!ids.length) return [];
  return liveContests(db).selectAll().where('id', 'in', ids).execute();
}

/** Contest ids (deleted ones too) after `after`, in order: the search rebuild's batches. */
export const idsAfter = (db: Db, after: number, limit: number): Promise<number[]> =>
  idsAfterIn(db, 'competitions', after, limit);

/**
 * The rows of the running contests of some types that lock a user out of their problems' solution
 * material (docs/competitions.md, "Solution material during a contest"): the official ones lock
 * everyone, a user's contest only those who joined it. `userId` -1: an anonymous viewer.
 */
function lockingProblemRows(db: Db, types: readonly ContestType[], userId: number) {
  const now = nowIso();
  return db
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
export async function lockedProblems(db: Db, userId: number): Promise<number[]> {
  const rows = await lockingProblemRows(db, [ContestType.Programming], userId)
    .select('cp.problem_id')
    .distinct()
    .execute();
  return rows.map((r) => r.problem_id);
}

/** The running math / 408 contests that keep a question's key from a user, oldest first. */
export function contestsLockingQuestion(db: Db, userId: number, questionId: number) {
  return lockingProblemRows(db, QUESTION_CONTEST_TYPES, userId)
    .select(['c.id', 'c.name', 'c.official'])
    .where('cp.problem_id', '=', questionId)
    .orderBy('c.id')
    .execute();
}
