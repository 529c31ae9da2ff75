import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/types';
import pg from 'pg';
import { freshFinals, RATING_LOCK_KEY, rerate } from './apply-rating';
import {
  addEndedContest,
  addProblem,
  addUsers,
  type FixtureDb,
  type FixtureSubmission,
  finishLikeTheJob,
  lcg,
  openFixtureDb,
  ratingSnapshot,
} from '../../../test/rating-fixture';
import { NEW_USER_RATING, ratingDeltas } from './rating/codeforces';

const pgUrl = process.env.TEST_DATABASE_URL?.trim();
const backends = [{ name: 'sqlite', url: undefined }, ...(pgUrl ? [{ name: 'postgres', url: pgUrl }] : [])];

/**
 * Three rated contests (ended 30, 20 and 10 days ago) sharing 14 users: each contest has 10 of
 * them, with a deterministic mix of AC / WA over 3 problems. `flip` turns the first WA of user
 * `users[0]` in the first contest into AC, as a rejudge would.
 */
async function seed(f: FixtureDb, opts: { flip?: boolean; ratedSecond?: boolean } = {}) {
  const users = await addUsers(f.db, 14);
  const problemId = await addProblem(f.db);
  const contests: number[] = [];
  for (const [k, daysAgo] of [30, 20, 10].entries()) {
    const rand = lcg(1000 + k);
    const members = users.filter((_, i) => (i + k * 2) % 14 < 10);
    const submissions: FixtureSubmission[] = [];
    for (const userId of members)
      for (let index = 0; index < 3; index++) {
        const tries = rand(3);
        for (let t = 0; t < tries; t++)
          submissions.push({
            userId,
            index,
            minute: 5 + rand(100),
            status: rand(3) === 0 ? 'AC' : 'WA',
          });
      }
    if (k === 0) {
      // users[0]'s first try of C (the others are from minute 5 on), which a rejudge turns into AC.
      submissions.push({ userId: users[0], index: 2, minute: 1, status: opts.flip ? 'AC' : 'WA' });
    }
    contests.push(
      await addEndedContest(f.db, {
        daysAgo,
        problemId,
        problems: 3,
        users: members,
        submissions,
        rated: k === 1 ? opts.ratedSecond !== false : true,
      }),
    );
  }
  return { users, contests };
}

/** Every contest in order, as the periodic job applies them. */
async function applyAll(f: FixtureDb, contests: number[]) {
  for (const id of contests) await finishLikeTheJob(f, id);
}

/**
 * The chain property, checked against the pure engine: every applied contest's rating_before is
 * the user's rating_after of their previous applied contest (1400 for the first one), its changes
 * are what `ratingDeltas` gives for the stored results, and the users' ratings end the chain.
 */
async function expectExactChain(db: Kysely<Database>) {
  const applied = await db
    .selectFrom('competitions')
    .select(['id'])
    .where('rating_applied', '=', 1)
    .orderBy('end_time')
    .execute();
  const rating = new Map<number, number>();
  for (const { id } of applied) {
    const rows = await db
      .selectFrom('competition_participants')
      .selectAll()
      .where('competition_id', '=', id)
      .where('submitted', '>', 0)
      .orderBy('rank')
      .orderBy('user_id')
      .execute();
    const deltas = ratingDeltas(
      rows.map((r) => ({
        handle: String(r.user_id),
        points: r.solved,
        penalty: r.penalty,
        rating: rating.get(r.user_id) ?? null,
      })),
    );
    rows.forEach((r, i) => {
      const before = rating.get(r.user_id) ?? NEW_USER_RATING;
      expect([r.rating_before, r.rating_change, r.rating_after]).toEqual([
        before,
        deltas[i],
        before + deltas[i],
      ]);
      rating.set(r.user_id, before + deltas[i]);
    });
  }
  for (const u of await db.selectFrom('users').select(['id', 'rating']).execute())
    expect(u.rating).toBe(rating.get(u.id) ?? NEW_USER_RATING);
}

describe.each(backends)('rating chain on $name', ({ url }) => {
  const open: FixtureDb[] = [];
  const fixture = async () => {
    const f = await openFixtureDb(url);
    open.push(f);
    return f;
  };
  afterEach(async () => {
    for (const f of open.splice(0)) await f.close();
  });

  it('recomputing the first of three after a rejudge equals applying all three fresh', async () => {
    const live = await fixture();
    const { users, contests } = await seed(live);
    await applyAll(live, contests);
    await expectExactChain(live.db);
    const stale = await ratingSnapshot(live.db);

    // The rejudge: the stored verdict changes; ratings stay until an admin recomputes.
    const rejudged = await live.db
      .selectFrom('submissions')
      .select('id')
      .where('competition_id', '=', contests[0])
      .where('user_id', '=', users[0])
      .where('problem_index', '=', 2)
      .orderBy('create_time')
      .executeTakeFirstOrThrow();
    await live.db.updateTable('submissions').set({ status: 'AC' }).where('id', '=', rejudged.id).execute();
    // Two admins click at once: both start from the stale state, the second waits for the first.
    const recompute = async () =>
      rerate(live.contests, contests[0], { finals: await freshFinals(live.contests, contests[0]) });
    const [rated] = await Promise.all([recompute(), recompute()]);
    expect(rated.rated).toBe(
      stale.rows.filter((r) => r.competition_id === contests[0] && r.rating_change !== null).length,
    );
    expect(rated.touched.sort()).toEqual([...contests].sort());

    const fresh = await fixture();
    const again = await seed(fresh, { flip: true });
    expect(again.contests).toEqual(contests);
    await applyAll(fresh, again.contests);
    const expected = await ratingSnapshot(fresh.db);
    const recomputed = await ratingSnapshot(live.db);
    expect(recomputed).toEqual(expected);
    await expectExactChain(live.db);
    // The rejudge did change the later contests, so the test can tell a partial recompute.
    const laterChanges = (s: typeof stale) =>
      s.rows.filter((r) => r.competition_id === contests[2]).map((r) => r.rating_change);
    expect(laterChanges(recomputed)).not.toEqual(laterChanges(stale));

    // Idempotent, also when several run at once (admins, the job on another node).
    await Promise.all([
      rerate(live.contests, contests[0]),
      rerate(live.contests, contests[1]),
      rerate(live.contests, contests[0]),
      rerate(live.contests, contests[2], { onlyIfUnapplied: true }),
    ]);
    expect(await ratingSnapshot(live.db)).toEqual(expected);
  }, 120_000);

  it('turning the middle contest unrated removes its changes and recomputes the last', async () => {
    const live = await fixture();
    const { contests } = await seed(live);
    await applyAll(live, contests);
    await live.db.updateTable('competitions').set({ rated: 0 }).where('id', '=', contests[1]).execute();
    const done = await rerate(live.contests, contests[1]);
    expect(done.rated).toBe(0);

    const fresh = await fixture();
    const again = await seed(fresh, { ratedSecond: false });
    await applyAll(fresh, again.contests);
    expect(await ratingSnapshot(live.db)).toEqual(await ratingSnapshot(fresh.db));
    const middle = (await ratingSnapshot(live.db)).rows.filter((r) => r.competition_id === contests[1]);
    expect(middle.every((r) => r.rating_change === null && r.rating_before === null)).toBe(true);
    await expectExactChain(live.db);

    // Rated again, late: applied in its place in the chain, the last one recomputed after it.
    await live.db.updateTable('competitions').set({ rated: 1 }).where('id', '=', contests[1]).execute();
    await rerate(live.contests, contests[1], { onlyIfUnapplied: true });
    const all = await fixture();
    await applyAll(all, (await seed(all)).contests);
    expect(await ratingSnapshot(live.db)).toEqual(await ratingSnapshot(all.db));
  }, 120_000);

  it('moving the first contest’s end past the second recomputes from its old place', async () => {
    // The first contest now ends after the second (15 days ago instead of 30; same start).
    const moveFirst = async (f: FixtureDb, contests: number[]) => {
      const end = Date.now() - 15 * 24 * 3600_000;
      await f.db
        .updateTable('competitions')
        .set({ end_time: new Date(end).toISOString() })
        .where('id', '=', contests[0])
        .execute();
    };
    const live = await fixture();
    const { contests } = await seed(live);
    await applyAll(live, contests);
    const oldEnd = (
      await live.db
        .selectFrom('competitions')
        .select('end_time')
        .where('id', '=', contests[0])
        .executeTakeFirstOrThrow()
    ).end_time;
    await moveFirst(live, contests);
    await rerate(live.contests, contests[0], { since: oldEnd });

    const fresh = await fixture();
    const again = await seed(fresh);
    await moveFirst(fresh, again.contests);
    for (const id of [again.contests[1], again.contests[0], again.contests[2]])
      await finishLikeTheJob(fresh, id);
    expect(await ratingSnapshot(live.db)).toEqual(await ratingSnapshot(fresh.db));
    await expectExactChain(live.db);
  }, 120_000);

  it.runIf(url)(
    'a recompute waits while another node holds the rating lock',
    async () => {
      const live = await fixture();
      const { contests } = await seed(live);
      await applyAll(live, contests);
      const other = new pg.Client({ connectionString: live.databaseUrl });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock($1)', [RATING_LOCK_KEY]);
        let done = false;
        const running = rerate(live.contests, contests[0]).then(() => (done = true));
        // The recompute asks for the lock and waits for it, rather than going on without it.
        const waiting = async () =>
          (
            await other.query(
              `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
                 and database = (select oid from pg_database where datname = current_database())`,
            )
          ).rows[0].n as number;
        await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
        expect(done).toBe(false);
        await other.query('select pg_advisory_unlock($1)', [RATING_LOCK_KEY]);
        await running;
        expect(done).toBe(true);
      } finally {
        await other.end();
      }
    },
    60_000,
  );
});
