import type { Kysely, Updateable } from 'kysely';
import type { Page, PageQuery, ProblemListSort } from '@oj/shared';
import { keywordMatch, paginateQuery } from '../../lib/pagination';
import type { ProblemListRow, ProblemListsTable, ProblemListsTables } from './tables';

/**
 * Every statement on the problem lists' tables (problem_lists, problem_list_items,
 * problem_list_favourites, problem_favourites), as plain functions taking the module's handle, or a
 * transaction of it, first.
 */
export type Db = Kysely<ProblemListsTables>;

/** Several repo calls in one transaction: `fn` gets the transaction as its handle. */
export const inTransaction = <T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> =>
  db.transaction().execute(fn);

export const listById = (db: Db, id: number): Promise<ProblemListRow | undefined> =>
  db.selectFrom('problem_lists').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertList(
  db: Db,
  row: { owner_id: number; title: string; description: string; public: number; created_at: string },
): Promise<number> {
  const r = await db
    .insertInto('problem_lists')
    .values({ ...row, updated_at: row.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateList(db: Db, id: number, set: Updateable<ProblemListsTable>): Promise<void> {
  await db.updateTable('problem_lists').set(set).where('id', '=', id).execute();
}

/** A list with its items and everyone's favourites of it. */
export async function deleteList(db: Db, id: number): Promise<void> {
  await db.deleteFrom('problem_list_items').where('list_id', '=', id).execute();
  await db.deleteFrom('problem_list_favourites').where('list_id', '=', id).execute();
  await db.deleteFrom('problem_lists').where('id', '=', id).execute();
}

/** A list's items in their order. */
export const itemsOf = (db: Db, listId: number) =>
  db
    .selectFrom('problem_list_items')
    .select(['problem_id', 'note'])
    .where('list_id', '=', listId)
    .orderBy('position')
    .execute();

/** The problems of some lists (their counts on a page), one statement. */
export const problemsOfLists = (db: Db, listIds: number[]) =>
  listIds.length
    ? db
        .selectFrom('problem_list_items')
        .select(['list_id', 'problem_id'])
        .where('list_id', 'in', listIds)
        .execute()
    : Promise.resolve([]);

/** The items of a list, written again whole in the given order (positions 0…n-1). */
export async function replaceItems(
  db: Db,
  listId: number,
  items: { problem_id: number; note: string }[],
): Promise<void> {
  await db.deleteFrom('problem_list_items').where('list_id', '=', listId).execute();
  if (!items.length) return;
  await db
    .insertInto('problem_list_items')
    .values(items.map((it, position) => ({ list_id: listId, position, ...it })))
    .execute();
}

/** Which lists a page shows: public ones, one owner's, a title keyword. */
export interface ListFilter {
  publicOnly: boolean;
  ownerId?: number;
  keyword?: string;
}

export type ListPageRow = ProblemListRow & { favourite_count: number | string | bigint };

/** A page of lists, newest first or most favourited first (then newest), with their favourite counts. */
export function listsPage(
  db: Db,
  filter: ListFilter,
  sort: ProblemListSort,
  page: PageQuery,
): Promise<Page<ListPageRow>> {
  const base = () => {
    let q = db.selectFrom('problem_lists');
    if (filter.publicOnly) q = q.where('public', '=', 1);
    if (filter.ownerId !== undefined) q = q.where('owner_id', '=', filter.ownerId);
    if (filter.keyword) q = q.where(keywordMatch(filter.keyword, ['problem_lists.title']));
    return q;
  };
  return paginateQuery(page, base, (q) => {
    const rows = q
      .selectAll('problem_lists')
      .select((eb) =>
        eb
          .selectFrom('problem_list_favourites as f')
          .select(eb.fn.countAll().as('n'))
          .whereRef('f.list_id', '=', 'problem_lists.id')
          .as('favourite_count'),
      );
    return sort === 'favourites'
      ? rows.orderBy('favourite_count', 'desc').orderBy('problem_lists.id', 'desc')
      : rows.orderBy('problem_lists.id', 'desc');
  }) as Promise<Page<ListPageRow>>;
}

/** The favourite counts of some lists. */
export async function favouriteCounts(db: Db, listIds: number[]): Promise<Map<number, number>> {
  if (!listIds.length) return new Map();
  const rows = await db
    .selectFrom('problem_list_favourites')
    .select((eb) => ['list_id', eb.fn.countAll().as('n')])
    .where('list_id', 'in', listIds)
    .groupBy('list_id')
    .execute();
  return new Map(rows.map((r) => [r.list_id, Number(r.n)]));
}

/** Which of some lists a user favourited. */
export async function favouritedLists(db: Db, userId: number, listIds: number[]): Promise<Set<number>> {
  if (userId < 0 || !listIds.length) return new Set();
  const rows = await db
    .selectFrom('problem_list_favourites')
    .select('list_id')
    .where('user_id', '=', userId)
    .where('list_id', 'in', listIds)
    .execute();
  return new Set(rows.map((r) => r.list_id));
}

export async function setListFavourite(db: Db, userId: number, listId: number, on: boolean, now: string) {
  if (!on) {
    await db
      .deleteFrom('problem_list_favourites')
      .where('user_id', '=', userId)
      .where('list_id', '=', listId)
      .execute();
    return;
  }
  await db
    .insertInto('problem_list_favourites')
    .values({ user_id: userId, list_id: listId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'list_id']).doNothing())
    .execute();
}

/**
 * A page of the lists a user favourited that the user may still read (public, or their own: a
 * list made private since leaves it), most recently favourited first.
 */
export function favouriteListsPage(db: Db, userId: number, page: PageQuery): Promise<Page<ListPageRow>> {
  const base = () =>
    db
      .selectFrom('problem_list_favourites as mine')
      .innerJoin('problem_lists', 'problem_lists.id', 'mine.list_id')
      .where('mine.user_id', '=', userId)
      .where((eb) => eb.or([eb('problem_lists.public', '=', 1), eb('problem_lists.owner_id', '=', userId)]));
  return paginateQuery(page, base, (q) =>
    q
      .selectAll('problem_lists')
      .select((eb) =>
        eb
          .selectFrom('problem_list_favourites as f')
          .select(eb.fn.countAll().as('n'))
          .whereRef('f.list_id', '=', 'problem_lists.id')
          .as('favourite_count'),
      )
      .orderBy('mine.created_at', 'desc')
      .orderBy('problem_lists.id', 'desc'),
  ) as Promise<Page<ListPageRow>>;
}

export async function setProblemFavourite(
  db: Db,
  userId: number,
  problemId: number,
  on: boolean,
  now: string,
) {
  if (!on) {
    await db
      .deleteFrom('problem_favourites')
      .where('user_id', '=', userId)
      .where('problem_id', '=', problemId)
      .execute();
    return;
  }
  await db
    .insertInto('problem_favourites')
    .values({ user_id: userId, problem_id: problemId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'problem_id']).doNothing())
    .execute();
}

/** A user's starred problems, most recent first. */
export const problemFavourites = (db: Db, userId: number) =>
  db
    .selectFrom('problem_favourites')
    .select(['problem_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('problem_id', 'desc')
    .execute();

export async function problemFavouriteCount(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('problem_favourites')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
