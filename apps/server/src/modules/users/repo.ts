import { type Kysely, sql } from 'kysely';
import { NEW_USER_RATING, Role, type PageQuery } from '@oj/shared';
import { idsAfter as idsAfterIn } from '../../db/ids-after';
import { setIntegerColumns } from '../../lib/batch-update';
import { keywordId, keywordMatch, paginateQuery } from '../../lib/pagination';
import { nowIso } from '../../lib/time';
import { asRated, type UserContests } from './rated';
import type { NewUser, UserRow, UsersTables, UserUpdate } from './tables';

/**
 * The users' tables (users, user_card_views): only this module touches them, through these
 * functions, each taking the module's handle (or a transaction of it) first. Reads that present a
 * user carry the derived `rated` flag: the contests' rated test (rated.ts) in the same statement.
 */
export type Db = Kysely<UsersTables>;

/** A user's columns without the derived `rated` flag: what the session hook reads on every request. */
export type UserColumns = Omit<UserRow, 'rated'>;

/** What a list shows next to a user id: the name in its rating colour. */
export interface UserBrief {
  username: string;
  rating: number;
  rated: boolean;
}

const CHUNK = 500;

/** Several repo calls in one transaction: `fn` gets the transaction as its handle. */
export const inTransaction = <T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> =>
  db.transaction().execute(fn);

const live = (db: Db) => db.selectFrom('users').where('is_delete', '=', 0);

/** Every column plus the derived rated flag, in the same query (no second round trip per user). */
const full = (db: Db, contests: UserContests) =>
  live(db)
    .selectAll()
    .select((eb) => contests.rated(eb.ref('users.id')).as('rated_flag'));

type Raw = UserColumns & { rated_flag: boolean | number };
const record = ({ rated_flag, ...u }: Raw): UserRow => ({ ...u, rated: asRated(rated_flag) });
const one = (r: Raw | undefined) => (r ? record(r) : undefined);

export const byId = async (db: Db, contests: UserContests, id: number) =>
  one(await full(db, contests).where('id', '=', id).executeTakeFirst());

/** The columns only: resolving the viewer needs role and boss flag, not the rated subquery. */
export const columnsById = (db: Db, id: number): Promise<UserColumns | undefined> =>
  live(db).selectAll().where('id', '=', id).executeTakeFirst();

export const byIds = async (db: Db, contests: UserContests, ids: number[]) =>
  ids.length ? (await full(db, contests).where('id', 'in', ids).execute()).map(record) : [];

/** User ids after `after`, in order: the search rebuild's batches. */
export const idsAfter = (db: Db, after: number, limit: number) => idsAfterIn(db, 'users', after, limit);

export const byAccount = async (db: Db, contests: UserContests, account: string) =>
  one(await full(db, contests).where('account', '=', account).executeTakeFirst());

export const byEmail = async (db: Db, contests: UserContests, email: string) =>
  one(await full(db, contests).where('email', '=', email.toLowerCase()).executeTakeFirst());

export const byAccountOrEmail = async (db: Db, contests: UserContests, login: string) =>
  one(
    await full(db, contests)
      .where((eb) => eb.or([eb('account', '=', login), eb('email', '=', login.toLowerCase())]))
      .executeTakeFirst(),
  );

export const anyBoss = (db: Db) => live(db).select('id').where('is_boss', '=', 1).executeTakeFirst();

export async function insert(
  db: Db,
  user: Pick<
    NewUser,
    | 'account'
    | 'email'
    | 'password_hash'
    | 'username'
    | 'avatar'
    | 'role'
    | 'is_boss'
    | 'must_change_password'
  >,
): Promise<UserRow> {
  const now = nowIso();
  const blank = {
    tags: '[]',
    hobby: '',
    phone: '',
    gender: '',
    school: '',
    profile: '',
    rating: NEW_USER_RATING,
    birth: '',
    readings: 0,
    url: '',
    background_picture: '',
    is_delete: 0,
  };
  const row = await db
    .insertInto('users')
    .values({ ...blank, ...user, create_time: now, update_time: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...row, rated: false };
}

export async function update(db: Db, id: number, patch: UserUpdate): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...patch, update_time: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** 教师 on or off (classes, issue 27). */
export async function setTeacher(db: Db, id: number, teacher: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ teacher: teacher ? 1 : 0, update_time: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function setRole(db: Db, ids: number[], role: number): Promise<void> {
  if (ids.length)
    await db.updateTable('users').set({ role, update_time: nowIso() }).where('id', 'in', ids).execute();
}

/**
 * Counts a reading of `id`'s card by `viewerId` unless that viewer already counted on `date`:
 * the upsert changes a row only on the viewer's first reading of the day. True when counted.
 */
export async function countReading(db: Db, id: number, viewerId: number, date: string): Promise<boolean> {
  const res = await db
    .insertInto('user_card_views')
    .values({ user_id: id, viewer_id: viewerId, date })
    .onConflict((oc) =>
      oc.columns(['user_id', 'viewer_id']).doUpdateSet({ date }).where('user_card_views.date', '!=', date),
    )
    .executeTakeFirst();
  if (!Number(res.numInsertedOrUpdatedRows ?? 0)) return false;
  await db
    .updateTable('users')
    .set({ readings: sql`readings + 1` })
    .where('id', '=', id)
    .execute();
  return true;
}

/** Keyword search over account, nickname and e-mail; `withEmail` (the management site) adds e-mail and uuid. */
export async function page(
  db: Db,
  contests: UserContests,
  pageQuery: PageQuery,
  filter: { keyword?: string; role?: number; withEmail?: boolean },
) {
  const base = () => {
    let q = live(db);
    if (filter.role !== undefined) q = q.where('role', '=', filter.role);
    const kw = filter.keyword?.trim();
    // The management site (withEmail) also finds a user by its uuid (the admins page's search).
    if (kw && filter.withEmail)
      q = q.where((eb) =>
        eb.or([keywordMatch(kw, ['account', 'username', 'email']), eb('id', '=', keywordId(kw))]),
      );
    else if (kw) q = q.where(keywordMatch(kw, ['account', 'username']));
    return q;
  };
  const found = await paginateQuery(pageQuery, base, (b) =>
    b
      .selectAll()
      .select((eb) => contests.rated(eb.ref('users.id')).as('rated_flag'))
      .orderBy('id', 'desc'),
  );
  return { ...found, records: found.records.map(record) };
}

export const admins = async (db: Db, contests: UserContests) =>
  (await full(db, contests).where('role', '=', 2).orderBy('id', 'asc').execute()).map(record);

/** Ids of the live accounts among `accounts` (exact spelling), in one statement. */
export async function idsOfAccounts(db: Db, accounts: string[]): Promise<Map<string, number>> {
  const rows = accounts.length
    ? await live(db)
        .select(['id', 'account'])
        .where('account', 'in', [...new Set(accounts)])
        .execute()
    : [];
  return new Map(rows.map((r) => [r.account, r.id]));
}

/** Ids of banned or deleted users, as a subquery for another module's statement (social lists). */
export const inactiveIds = (db: Db) =>
  db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('role', '=', Role.Ban), eb('is_delete', '=', 1)]));

/** Ids of live users whose account or nickname is exactly `name` (a record list's user filter). */
export async function idsNamed(db: Db, name: string): Promise<number[]> {
  const rows = await live(db)
    .select('id')
    .where((eb) => eb.or([eb('account', '=', name), eb('username', '=', name)]))
    .limit(50)
    .execute();
  return rows.map((r) => r.id);
}

/** Name and rating of several users in one query (record lists, scoreboards). */
export async function briefs(db: Db, contests: UserContests, ids: number[]): Promise<Map<number, UserBrief>> {
  const rows = ids.length
    ? await live(db)
        .select((eb) => ['id', 'username', 'rating', contests.rated(eb.ref('users.id')).as('rated_flag')])
        .where('id', 'in', [...new Set(ids)])
        .execute()
    : [];
  return new Map(
    rows.map((r) => [r.id, { username: r.username, rating: r.rating, rated: asRated(r.rated_flag) }]),
  );
}

/**
 * The stored ratings of some users (the rating engine recomputes a chain of contests in one
 * transaction: `db` is that transaction). Ids are read in chunks: bound parameters are limited.
 */
export async function ratingsOf(db: Db, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'rating'])
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.set(r.id, r.rating);
  }
  return out;
}

/** New ratings of many users (one statement per 300 users). */
export async function setRatings(db: Db, ratings: { userId: number; rating: number }[]): Promise<void> {
  await setIntegerColumns(
    db,
    { table: 'users', key: 'id' },
    ['rating'],
    ratings.map((r) => ({ key: r.userId, values: [r.rating] })),
  );
}

/** Live users with a rated contest (the contests' rated test beside the sort by rating). */
const rated = (db: Db, contests: UserContests) =>
  db
    .selectFrom('users as u')
    .where('u.is_delete', '=', 0)
    .where((eb) => contests.rated(eb.ref('u.id')));

/** How many users have a rated contest. */
export async function ratedTotal(db: Db, contests: UserContests): Promise<number> {
  const row = await rated(db, contests)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of the users with a rated contest, best rating first, with their rated contests' count. */
export const ratedRows = (db: Db, contests: UserContests, limit: number, offset: number) =>
  rated(db, contests)
    .select((eb) => [
      'u.id',
      'u.username',
      'u.avatar',
      'u.rating',
      contests.ratedCount(eb.ref('u.id')).as('n'),
    ])
    .orderBy('u.rating', 'desc')
    .orderBy('u.id')
    .limit(limit)
    .offset(offset)
    .execute();
