import type { Insertable, Kysely, Updateable } from 'kysely';
import type { BankSort, PageQuery } from '@oj/shared';
import { idsAfter as idsAfterIn } from '../../db/ids-after';
import type { IdSubquery } from '../../db/scoped';
import { keywordId, keywordMatch, paginateQuery } from '../../lib/pagination';
import type { ProblemRow, ProblemsTable, ProblemsTables } from './tables';

/**
 * The bank's tables (problems, problem_tags, user_problem_status): only this module touches them,
 * through these functions (the daily problem and the last opened one: daily-repo.ts). Each takes
 * the module's handle, or a transaction of it, first.
 */
export type Db = Kysely<ProblemsTables>;

/** Several repo calls in one transaction: `fn` gets the transaction as its handle. */
export const inTransaction = <T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> =>
  db.transaction().execute(fn);

/** Problems not deleted (a fresh builder per call). */
export const live = (db: Db) => db.selectFrom('problems').where('is_delete', '=', 0);

export const liveRow = (db: Db, id: number): Promise<ProblemRow | undefined> =>
  live(db).selectAll().where('id', '=', id).executeTakeFirst();

/** A problem deleted or not (a record of a deleted problem still shows its tests as its setting says). */
export const anyRow = (db: Db, id: number): Promise<ProblemRow | undefined> =>
  db.selectFrom('problems').selectAll().where('id', '=', id).executeTakeFirst();

/** True when the id was ever used (deleted problems included): ids are never reused. */
export const idUsed = async (db: Db, id: number): Promise<boolean> =>
  Boolean(await db.selectFrom('problems').select('id').where('id', '=', id).executeTakeFirst());

/** The largest id ever used (deleted problems included), 0 when none. */
export async function maxId(db: Db): Promise<number> {
  const max = await db
    .selectFrom('problems')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(max?.m ?? 0);
}

/**
 * The ids of hidden problems, as a subquery for another module's statement (the record lists, the
 * post lists and the search leave their rows out in the same query, however many hidden problems exist).
 */
export const hiddenIds = (db: Db): IdSubquery =>
  db.selectFrom('problems').select('id').where('visible', '=', 0);

/** A user's status rows of some problems (solved 1 / tried 0). */
export const statusRows = (db: Db, userId: number, ids: number[]) =>
  db
    .selectFrom('user_problem_status')
    .select(['problem_id', 'solved'])
    .where('user_id', '=', userId)
    .where('problem_id', 'in', ids)
    .execute();

/** Which of some users solved which of some problems (study plans' progress and course ranks). */
export const solvedBy = (db: Db, userIds: number[], problemIds: number[]) =>
  db
    .selectFrom('user_problem_status')
    .select(['user_id', 'problem_id'])
    .where('solved', '=', 1)
    .where('user_id', 'in', userIds)
    .where('problem_id', 'in', problemIds)
    .execute();

/** Names of some problems, deleted ones included. */
export async function names(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('problems')
    .select(['id', 'chinese_name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.chinese_name]));
}

/** Names of those of some ids that exist and are not deleted; `publishedOnly`: not hidden either. */
export async function liveNames(db: Db, ids: number[], publishedOnly: boolean): Promise<Map<number, string>> {
  let q = live(db).select(['id', 'chinese_name']).where('id', 'in', ids);
  if (publishedOnly) q = q.where('visible', '=', 1);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.id, r.chinese_name]));
}

export async function insertProblem(db: Db, row: Insertable<ProblemsTable>): Promise<void> {
  await db.insertInto('problems').values(row).execute();
}

export async function updateProblem(db: Db, id: number, set: Updateable<ProblemsTable>): Promise<void> {
  await db.updateTable('problems').set(set).where('id', '=', id).execute();
}

/** Soft delete; answers how many rows changed (0: no such live problem). */
export async function markDeleted(db: Db, id: number, now: string): Promise<number> {
  const res = await db
    .updateTable('problems')
    .set({ is_delete: 1, update_time: now })
    .where('id', '=', id)
    .where('is_delete', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function writeTags(db: Db, problemId: number, tagIds: number[]): Promise<void> {
  await db.deleteFrom('problem_tags').where('problem_id', '=', problemId).execute();
  if (tagIds.length)
    await db
      .insertInto('problem_tags')
      .values(tagIds.map((tag_id) => ({ problem_id: problemId, tag_id })))
      .execute();
}

/** Counters shown in the bank, recomputed by the submissions service after each verdict. */
export async function setStats(db: Db, problemId: number, submit: number, accept: number): Promise<void> {
  await db
    .updateTable('problems')
    .set({ submit_num: submit, accept_num: accept })
    .where('id', '=', problemId)
    .execute();
}

/** The user's status on a problem (null = no submission any more, e.g. after a data reset). */
export async function setUserStatus(
  db: Db,
  userId: number,
  problemId: number,
  solved: boolean | null,
): Promise<void> {
  if (solved === null) {
    await db
      .deleteFrom('user_problem_status')
      .where('user_id', '=', userId)
      .where('problem_id', '=', problemId)
      .execute();
    return;
  }
  const v = solved ? 1 : 0;
  await db
    .insertInto('user_problem_status')
    .values({ user_id: userId, problem_id: problemId, solved: v })
    .onConflict((oc) => oc.columns(['user_id', 'problem_id']).doUpdateSet({ solved: v }))
    .execute();
}

/** Live problems' id, name, difficulty and author, in id order. */
export const briefs = (db: Db, ids: number[]) =>
  live(db)
    .select(['id', 'chinese_name', 'difficulty', 'author_id'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();

/** Live problems (hidden ones too) by id, for the search index (search decides who sees them). */
export const forIndex = (db: Db, ids: number[]): Promise<ProblemRow[]> =>
  live(db).selectAll().where('id', 'in', ids).execute();

/** Problem ids (deleted ones too) after `after`, in order: the search rebuild's batches. */
export const idsAfter = (db: Db, after: number, limit: number): Promise<number[]> =>
  idsAfterIn(db, 'problems', after, limit);

/** What a bank search asks; `visibleOnly`: hidden problems left out (everyone but admins). */
export interface BankFilter {
  visibleOnly: boolean;
  keyword?: string;
  /** Problems the search index matches the keyword to (pinyin, tags, aliases): found as well. */
  keywordIds?: number[];
  difficulty?: number;
  sources: string[];
  /** The problem must carry ALL of these tags. */
  tags: number[];
  /** The viewer's own status on it (a logged-in viewer only). */
  status?: { userId: number; is: 'solved' | 'tried' | 'none' };
}

/** The bank's order: a column and its direction; ties fall back to the id (a stable page order). */
export interface BankOrder {
  by: BankSort;
  order: 'asc' | 'desc';
}
const BANK_SORT_COLUMNS = { id: 'id', title: 'chinese_name', time: 'create_time' } as const;

/** A page of the bank, in id order unless told otherwise. */
export function bankPage(
  db: Db,
  f: BankFilter,
  page: PageQuery,
  sort: BankOrder = { by: 'id', order: 'asc' },
) {
  const base = () => {
    let b = live(db);
    if (f.visibleOnly) b = b.where('visible', '=', 1);
    const kw = f.keyword;
    if (kw)
      b = b.where((eb) =>
        eb.or([
          eb('id', '=', keywordId(kw)),
          keywordMatch(kw, ['chinese_name', 'english_name']),
          ...(f.keywordIds?.length ? [eb('id', 'in', f.keywordIds)] : []),
        ]),
      );
    if (f.difficulty !== undefined) b = b.where('difficulty', '=', f.difficulty);
    if (f.sources.length) b = b.where('source_name', 'in', f.sources);
    if (f.tags.length) {
      // ALL the tags: the problem must appear once per wanted tag.
      b = b.where('id', 'in', (eb) =>
        eb
          .selectFrom('problem_tags')
          .select('problem_id')
          .where('tag_id', 'in', f.tags)
          .groupBy('problem_id')
          .having((h) => h.fn.countAll(), '=', f.tags.length),
      );
    }
    if (f.status) {
      const sub = db
        .selectFrom('user_problem_status')
        .select('problem_id')
        .where('user_id', '=', f.status.userId);
      if (f.status.is === 'solved') b = b.where('id', 'in', sub.where('solved', '=', 1));
      else if (f.status.is === 'tried') b = b.where('id', 'in', sub.where('solved', '=', 0));
      else b = b.where('id', 'not in', sub);
    }
    return b;
  };
  return paginateQuery(page, base, (b) => {
    const ordered = b.selectAll().orderBy(BANK_SORT_COLUMNS[sort.by], sort.order);
    return sort.by === 'id' ? ordered : ordered.orderBy('id', sort.order);
  });
}

/** Published problems solved by a user (a fresh subquery per call). */
const solvedIds = (db: Db, userId: number) =>
  db
    .selectFrom('user_problem_status')
    .select('problem_id')
    .where('user_id', '=', userId)
    .where('solved', '=', 1);

/** Published problems (of one difficulty, or all) and how many of them `userId` solved (null: not asked). */
export async function difficultyCounts(
  db: Db,
  difficulty: number | undefined,
  userId: number | null,
): Promise<{ total: number; solved: number }> {
  const base = () => {
    const b = live(db).where('visible', '=', 1);
    return difficulty === undefined ? b : b.where('difficulty', '=', difficulty);
  };
  const total = await base()
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  if (userId === null) return { total: Number(total.n), solved: 0 };
  const solved = await base()
    .where('id', 'in', solvedIds(db, userId))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return { total: Number(total.n), solved: Number(solved.n) };
}

type Count = { difficulty: number; n: number | string };

/** Published problems per difficulty, and those `userId` solved (null: not asked): two grouped queries. */
export function countsByDifficulty(db: Db, userId: number | null): Promise<[Count[], Count[]]> {
  const base = () => live(db).where('visible', '=', 1);
  const grouped = (b: ReturnType<typeof base>) =>
    b
      .select(['difficulty', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('difficulty')
      .execute();
  return Promise.all([
    grouped(base()),
    userId === null ? Promise.resolve([]) : grouped(base().where('id', 'in', solvedIds(db, userId))),
  ]);
}

type Link = { id: number; chinese_name: string } | undefined;

/** The problems just before and after `id` in bank order; `visibleOnly`: hidden ones skipped. */
export function neighbourRows(db: Db, id: number, visibleOnly: boolean): Promise<[Link, Link]> {
  const seen = () => {
    const b = live(db).select(['id', 'chinese_name']);
    return visibleOnly ? b.where('visible', '=', 1) : b;
  };
  return Promise.all([
    seen().where('id', '<', id).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    seen().where('id', '>', id).orderBy('id', 'asc').limit(1).executeTakeFirst(),
  ]);
}
