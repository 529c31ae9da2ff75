import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { PageQuery } from '@oj/shared';
import type { IdSubquery } from '../../db/scoped';
import { paginateQuery } from '../../lib/pagination';
import type { SocialTables } from './tables';

/**
 * Rows of follows, user_visits and social_settings; only this module touches them, through these
 * functions. Lists and counts leave out banned and deleted users with `inactive`, the users
 * module's subquery of their ids (users.inactiveIds()), in the same statement.
 */
type Db = Kysely<SocialTables>;

/** A listed user id and the time shown next to it. */
export interface Listed {
  id: number;
  time: string;
}

async function count<DB, TB extends keyof DB>(q: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const row = (await q.select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow()) as {
    n: number | string;
  };
  return Number(row.n);
}

const following = (db: Db, uuid: number, inactive: IdSubquery) =>
  db.selectFrom('follows').where('follower_id', '=', uuid).where('followee_id', 'not in', inactive);
const followers = (db: Db, uuid: number, inactive: IdSubquery) =>
  db.selectFrom('follows').where('followee_id', '=', uuid).where('follower_id', 'not in', inactive);
// A friend: I follow them and they follow me back.
const friends = (db: Db, uuid: number, inactive: IdSubquery) =>
  db
    .selectFrom('follows as f')
    .innerJoin('follows as g', (j) =>
      j.onRef('g.follower_id', '=', 'f.followee_id').onRef('g.followee_id', '=', 'f.follower_id'),
    )
    .where('f.follower_id', '=', uuid)
    .where('f.followee_id', 'not in', inactive);
const visits = (db: Db, uuid: number, inactive: IdSubquery) =>
  db.selectFrom('user_visits').where('user_id', '=', uuid).where('visitor_id', 'not in', inactive);

/** Following twice is one follow (the first time is kept). */
export async function insertFollow(db: Db, follower: number, followee: number, time: string): Promise<void> {
  await db
    .insertInto('follows')
    .values({ follower_id: follower, followee_id: followee, create_time: time })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .execute();
}

export async function deleteFollow(db: Db, follower: number, followee: number): Promise<void> {
  await db
    .deleteFrom('follows')
    .where('follower_id', '=', follower)
    .where('followee_id', '=', followee)
    .execute();
}

/** Which of the two directions exist between a and b. */
export async function between(
  db: Db,
  a: number,
  b: number,
): Promise<{ aFollowsB: boolean; bFollowsA: boolean }> {
  const rows = await db
    .selectFrom('follows')
    .select(['follower_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('follower_id', '=', a), eb('followee_id', '=', b)]),
        eb.and([eb('follower_id', '=', b), eb('followee_id', '=', a)]),
      ]),
    )
    .execute();
  return {
    aFollowsB: rows.some((r) => r.follower_id === a),
    bFollowsA: rows.some((r) => r.follower_id === b),
  };
}

export async function counts(
  db: Db,
  uuid: number,
  inactive: IdSubquery,
): Promise<{ following: number; followers: number; friends: number }> {
  const [a, b, c] = await Promise.all([
    count(following(db, uuid, inactive)),
    count(followers(db, uuid, inactive)),
    count(friends(db, uuid, inactive)),
  ]);
  return { following: a, followers: b, friends: c };
}

export const followingPage = (db: Db, uuid: number, page: PageQuery, inactive: IdSubquery) =>
  paginateQuery(
    page,
    () => following(db, uuid, inactive),
    (q) =>
      q
        .select(['followee_id as id', 'create_time as time'])
        .orderBy('create_time', 'desc')
        .orderBy('followee_id', 'desc'),
  );

export const followersPage = (db: Db, uuid: number, page: PageQuery, inactive: IdSubquery) =>
  paginateQuery(
    page,
    () => followers(db, uuid, inactive),
    (q) =>
      q
        .select(['follower_id as id', 'create_time as time'])
        .orderBy('create_time', 'desc')
        .orderBy('follower_id', 'desc'),
  );

/** Friends, newest friendship first; `mine` and `theirs` are the times of the two follows. */
export const friendsPage = (db: Db, uuid: number, page: PageQuery, inactive: IdSubquery) =>
  paginateQuery(
    page,
    () => friends(db, uuid, inactive),
    (q) =>
      q
        .select(['f.followee_id as id', 'f.create_time as mine', 'g.create_time as theirs'])
        .orderBy('f.followee_id', 'desc'),
  );

/** A visit of a user's card (one row per visitor and day, the latest time kept). */
export async function upsertVisit(db: Db, uuid: number, visitor: number, date: string, time: string) {
  await db
    .insertInto('user_visits')
    .values({ user_id: uuid, visitor_id: visitor, date, visit_time: time })
    .onConflict((oc) => oc.columns(['user_id', 'visitor_id', 'date']).doUpdateSet({ visit_time: time }))
    .execute();
}

/** Drops visits older than `beforeDate` (kept short: the list shows recent visitors only). */
export async function pruneVisits(db: Db, uuid: number, beforeDate: string): Promise<void> {
  await db.deleteFrom('user_visits').where('user_id', '=', uuid).where('date', '<', beforeDate).execute();
}

export async function clearVisits(db: Db, uuid: number): Promise<void> {
  await db.deleteFrom('user_visits').where('user_id', '=', uuid).execute();
}

/** A user's visitors, latest first. */
export const visitsPage = (db: Db, uuid: number, page: PageQuery, inactive: IdSubquery) =>
  paginateQuery(
    page,
    () => visits(db, uuid, inactive),
    (q) =>
      q
        .select(['visitor_id as id', 'visit_time as time'])
        .orderBy('visit_time', 'desc')
        .orderBy('visitor_id', 'desc'),
  );

/** Whether a user records their card's visitors (on unless they turned it off). */
export async function recordsVisitors(db: Db, uuid: number): Promise<boolean> {
  const row = await db
    .selectFrom('social_settings')
    .select('record_visitors')
    .where('user_id', '=', uuid)
    .executeTakeFirst();
  return row ? row.record_visitors === 1 : true;
}

export async function setRecordVisitors(db: Db, uuid: number, on: boolean): Promise<void> {
  const v = on ? 1 : 0;
  await db
    .insertInto('social_settings')
    .values({ user_id: uuid, record_visitors: v })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ record_visitors: v }))
    .execute();
}
