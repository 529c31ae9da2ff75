import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { PageQuery } from '@oj/shared';
import type { Database } from '../../db/types';
import { paginateQuery } from '../../lib/pagination';

/** Ids of banned or deleted users (the users module's subquery): in no list and no count. */
export type InactiveIds = () => SelectQueryBuilder<Database, 'users', { id: number }>;

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

/** A visit of a user's card (one row per visitor and day, the latest time kept). */
export async function visit(db: Kysely<Database>, uuid: number, visitor: number, date: string, time: string) {
  await db
    .insertInto('user_visits')
    .values({ user_id: uuid, visitor_id: visitor, date, visit_time: time })
    .onConflict((oc) => oc.columns(['user_id', 'visitor_id', 'date']).doUpdateSet({ visit_time: time }))
    .execute();
}

/** Whether a user records their card's visitors (on unless they turned it off). */
export async function recordsVisitors(db: Kysely<Database>, uuid: number): Promise<boolean> {
  const row = await db
    .selectFrom('social_settings')
    .select('record_visitors')
    .where('user_id', '=', uuid)
    .executeTakeFirst();
  return row ? row.record_visitors === 1 : true;
}

/** Rows of follows, user_visits and social_settings; only this module touches them. */
export function createSocialRepo(db: Kysely<Database>, inactive: InactiveIds) {
  const following = (uuid: number) =>
    db.selectFrom('follows').where('follower_id', '=', uuid).where('followee_id', 'not in', inactive());
  const followers = (uuid: number) =>
    db.selectFrom('follows').where('followee_id', '=', uuid).where('follower_id', 'not in', inactive());
  // A friend: I follow them and they follow me back.
  const friends = (uuid: number) =>
    db
      .selectFrom('follows as f')
      .innerJoin('follows as g', (j) =>
        j.onRef('g.follower_id', '=', 'f.followee_id').onRef('g.followee_id', '=', 'f.follower_id'),
      )
      .where('f.follower_id', '=', uuid)
      .where('f.followee_id', 'not in', inactive());
  const visits = (uuid: number) =>
    db.selectFrom('user_visits').where('user_id', '=', uuid).where('visitor_id', 'not in', inactive());

  return {
    /** Following twice is one follow (the first time is kept). */
    async follow(follower: number, followee: number, time: string): Promise<void> {
      await db
        .insertInto('follows')
        .values({ follower_id: follower, followee_id: followee, create_time: time })
        .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
        .execute();
    },
    async unfollow(follower: number, followee: number): Promise<void> {
      await db
        .deleteFrom('follows')
        .where('follower_id', '=', follower)
        .where('followee_id', '=', followee)
        .execute();
    },
    /** Which of the two directions exist between a and b. */
    async between(a: number, b: number): Promise<{ aFollowsB: boolean; bFollowsA: boolean }> {
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
    },
    async counts(uuid: number): Promise<{ following: number; followers: number; friends: number }> {
      const [a, b, c] = await Promise.all([
        count(following(uuid)),
        count(followers(uuid)),
        count(friends(uuid)),
      ]);
      return { following: a, followers: b, friends: c };
    },
    followingPage: (uuid: number, page: PageQuery) =>
      paginateQuery(
        page,
        () => following(uuid),
        (q) =>
          q
            .select(['followee_id as id', 'create_time as time'])
            .orderBy('create_time', 'desc')
            .orderBy('followee_id', 'desc'),
      ),
    followersPage: (uuid: number, page: PageQuery) =>
      paginateQuery(
        page,
        () => followers(uuid),
        (q) =>
          q
            .select(['follower_id as id', 'create_time as time'])
            .orderBy('create_time', 'desc')
            .orderBy('follower_id', 'desc'),
      ),
    /** Friends, newest friendship first; the time is when the second follow made it mutual. */
    friendsPage: (uuid: number, page: PageQuery) =>
      paginateQuery(
        page,
        () => friends(uuid),
        (q) =>
          q
            .select(['f.followee_id as id', 'f.create_time as mine', 'g.create_time as theirs'])
            .orderBy('f.followee_id', 'desc'),
      ),

    /** One row per visitor and day; a later visit that day moves its time. */
    visit: (uuid: number, visitor: number, date: string, time: string) => visit(db, uuid, visitor, date, time),
    /** Drops visits older than `beforeDate` (kept short: the list shows recent visitors only). */
    async pruneVisits(uuid: number, beforeDate: string): Promise<void> {
      await db.deleteFrom('user_visits').where('user_id', '=', uuid).where('date', '<', beforeDate).execute();
    },
    async clearVisits(uuid: number): Promise<void> {
      await db.deleteFrom('user_visits').where('user_id', '=', uuid).execute();
    },
    visitsPage: (uuid: number, page: PageQuery) =>
      paginateQuery(
        page,
        () => visits(uuid),
        (q) =>
          q
            .select(['visitor_id as id', 'visit_time as time'])
            .orderBy('visit_time', 'desc')
            .orderBy('visitor_id', 'desc'),
      ),

    recordsVisitors: (uuid: number) => recordsVisitors(db, uuid),
    async setRecordVisitors(uuid: number, on: boolean): Promise<void> {
      const v = on ? 1 : 0;
      await db
        .insertInto('social_settings')
        .values({ user_id: uuid, record_visitors: v })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ record_visitors: v }))
        .execute();
    },
  };
}
export type SocialRepo = ReturnType<typeof createSocialRepo>;
