import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { backends } from '../../../test/helpers';
import { emptyDatabase, migrateOnly } from '../../../test/migrations';
import type { Db } from '../kysely';
import { migrate } from '../migrate';
import * as m001 from './001_accounts';
import * as m002 from './002_problems';
import * as m003 from './003_competitions';

/** A database as it was before 005: the first three migrations only. */
const oldDatabase = (db: Db) =>
  migrateOnly(db, { '001_accounts': m001, '002_problems': m002, '003_competitions': m003 });

const T = '2026-01-01T00:00:00.000Z';

describe.each(backends())('005_unrated_users on $name', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  });

  it('moves unrated users to 1400, keeps real ratings, sessions and indexes, and defaults to 1400', async () => {
    const handle = await emptyDatabase(backend, cleanups);
    const { db, dialect } = handle;
    const raw = db as unknown as Kysely<unknown>;
    await oldDatabase(handle);
    const user = (account: string, rating: number) =>
      db
        .insertInto('users')
        .values({ account, username: account, rating, create_time: T, update_time: T } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    const fresh = await user('fresh', 1500); // the old default, never rated
    const rolledBack = await user('rolled', 1400); // joined, its contest's rating rolled back
    const ratedAt1500 = await user('even', 1500); // a real rating that happens to be 1500
    const strong = await user('strong', 2250);
    const contest = await db
      .insertInto('competitions')
      .values({ name: 'c', type: 1, start_time: T, end_time: T, create_time: T, update_time: T } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const join = (user_id: number, rating_change: number | null) =>
      db
        .insertInto('competition_participants')
        .values({ competition_id: contest.id, user_id, join_time: T, rating_change } as never)
        .execute();
    await join(rolledBack, null);
    await join(ratedAt1500, 100);
    await join(strong, 850);
    await db
      .insertInto('sessions')
      .values({ id: 'sess-1', user_id: strong, created_at: T, expires_at: T, ip: '', user_agent: '' })
      .execute();

    expect(await migrate(raw, dialect)).toContain('005_unrated_users');

    const ratings = Object.fromEntries(
      (await db.selectFrom('users').select(['id', 'rating']).execute()).map((r) => [r.id, r.rating]),
    );
    expect(ratings).toEqual({ [fresh]: 1400, [rolledBack]: 1400, [ratedAt1500]: 1500, [strong]: 2250 });
    // Rows pointing at users survived the rebuild, and still point somewhere real.
    expect(await db.selectFrom('sessions').select('user_id').execute()).toEqual([{ user_id: strong }]);
    expect(await db.selectFrom('competition_participants').select('user_id').execute()).toHaveLength(3);
    // The new default.
    const later = await db
      .insertInto('users')
      .values({ account: 'later', username: 'later', create_time: T, update_time: T } as never)
      .returning(['id', 'rating'])
      .executeTakeFirstOrThrow();
    expect(later.rating).toBe(1400);
    expect(later.id).toBeGreaterThan(strong);
    // Constraints and indexes are still there.
    await expect(
      db
        .insertInto('users')
        .values({ account: 'fresh', username: 'x', create_time: T, update_time: T } as never)
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('sessions')
        .values({ id: 'sess-2', user_id: 987654, created_at: T, expires_at: T, ip: '', user_agent: '' })
        .execute(),
    ).rejects.toThrow();
    if (dialect === 'sqlite') {
      const indexes = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'index' and tbl_name = 'users'`.execute(db);
      expect(indexes.rows.map((r) => r.name)).toEqual(
        expect.arrayContaining(['users_role', 'users_username']),
      );
      expect(
        (await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0].foreign_keys,
      ).toBe(1);
      // Deleting a user still cascades to its sessions (the references were kept through the rebuild).
      await db.deleteFrom('users').where('id', '=', strong).execute();
      expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    }
  }, 60_000);
});
