import { type Expression, PostgresAdapter, sql, type SqlBool } from 'kysely';
import { setIntegerColumns } from '../../lib/batch-update';
import type { FinalRow } from './finalize';
import type { Db } from './repo';

/**
 * The rating chain's reads and writes (apply-rating.ts), the final standings (finalize.ts) and the
 * rated test the users module embeds in its own statements (contest-rules.ts, `createUserContests`).
 */

/** Any constant: the one advisory lock all rating transactions take on PostgreSQL. */
export const RATING_LOCK_KEY = 0x6f6a_7261;
const CHUNK = 500;

export interface ChainLink {
  id: number;
  end_time: string;
  rated: number;
  rating_applied: number;
  is_delete: number;
  finalized: number;
  /** Migration 028: the contest's rule (scored rules rate by the final rank alone). */
  rule: string;
}

/** The columns of a ChainLink, as every chain query selects them. */
const LINK_COLUMNS = ['id', 'end_time', 'rated', 'rating_applied', 'is_delete', 'finalized', 'rule'] as const;

/**
 * Serialises rating transactions: on PostgreSQL a transaction-scoped advisory lock, taken first;
 * on SQLite the single connection the transaction holds already does.
 */
export async function lockRatings(trx: Db): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(${RATING_LOCK_KEY})`.execute(trx);
}

export const chainLink = (db: Db, id: number): Promise<ChainLink | undefined> =>
  db.selectFrom('competitions').select(LINK_COLUMNS).where('id', '=', id).executeTakeFirst();

/**
 * The contests from `from` on (by end, then id) that rating work touches: applied ones (to roll
 * back) and rated, ended, live ones (to apply). Unordered.
 */
export const chainFrom = (
  db: Db,
  from: Pick<ChainLink, 'id' | 'end_time'>,
  now: string,
): Promise<ChainLink[]> =>
  db
    .selectFrom('competitions')
    .select(LINK_COLUMNS)
    .where((eb) =>
      eb.and([
        eb.or([
          eb('end_time', '>', from.end_time),
          eb.and([eb('end_time', '=', from.end_time), eb('id', '>=', from.id)]),
        ]),
        eb.or([
          eb('rating_applied', '=', 1),
          eb.and([eb('rated', '=', 1), eb('is_delete', '=', 0), eb('end_time', '<=', now)]),
        ]),
      ]),
    )
    .execute();

/** The contests whose rating work is due (the periodic job's view). Unordered. */
export const dueLinks = (db: Db, now: string): Promise<ChainLink[]> =>
  db
    .selectFrom('competitions')
    .select(LINK_COLUMNS)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('rated', '=', 1),
          eb('is_delete', '=', 0),
          eb('end_time', '<=', now),
          eb('finalized', '=', 1),
          eb('rating_applied', '=', 0),
        ]),
        // Applied but no longer wanted (turned unrated or deleted, and the rollback did not run).
        eb.and([eb('rating_applied', '=', 1), eb.or([eb('rated', '=', 0), eb('is_delete', '=', 1)])]),
      ]),
    )
    .execute();

/** The applied changes of some contests (to take back), then cleared: one read, one write. */
export async function takeBackChanges(db: Db, contestIds: number[]) {
  if (!contestIds.length) return [];
  const rows = await db
    .selectFrom('competition_participants')
    .select(['user_id', 'rating_change'])
    .where('competition_id', 'in', contestIds)
    .where('rating_change', 'is not', null)
    .execute();
  await db
    .updateTable('competition_participants')
    .set({ rating_before: null, rating_after: null, rating_change: null })
    .where('competition_id', 'in', contestIds)
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, rating_change: r.rating_change! }));
}

/** Contestants of some contests: participants with a counted submission, by contest, best first. */
export const contestantsOf = (db: Db, contestIds: number[]) =>
  contestIds.length
    ? db
        .selectFrom('competition_participants')
        .select(['competition_id', 'user_id', 'solved', 'penalty', 'rank'])
        .where('competition_id', 'in', contestIds)
        .where('submitted', '>', 0)
        // 打星 participants are ranked but never rated (awards.ts).
        .where('unofficial', '=', 0)
        .orderBy('competition_id')
        .orderBy('rank')
        .orderBy('user_id')
        .execute()
    : Promise.resolve([]);

/** Which of some users have an applied rated contest (read in chunks: parameters are limited). */
export async function ratedAmong(db: Db, userIds: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('competition_participants')
      .select('user_id')
      .distinct()
      .where('user_id', 'in', userIds.slice(i, i + CHUNK))
      .where('rating_change', 'is not', null)
      .execute();
    for (const r of rows) out.add(r.user_id);
  }
  return out;
}

export interface RatingChange {
  userId: number;
  rating_before: number;
  rating_after: number;
  rating_change: number;
}

/** A contest's rating columns of its contestants (one statement per 300). */
export async function writeRatingChanges(db: Db, contestId: number, changes: RatingChange[]): Promise<void> {
  await setIntegerColumns(
    db,
    {
      table: 'competition_participants',
      key: 'user_id',
      scope: { column: 'competition_id', value: contestId },
    },
    ['rating_before', 'rating_after', 'rating_change'],
    changes.map((c) => ({ key: c.userId, values: [c.rating_before, c.rating_after, c.rating_change] })),
  );
}

export async function markApplied(db: Db, contestIds: number[], applied: boolean): Promise<void> {
  if (contestIds.length)
    await db
      .updateTable('competitions')
      .set({ rating_applied: applied ? 1 : 0 })
      .where('id', 'in', contestIds)
      .execute();
}

/** Writes the final rows and marks the contest finalized (in the caller's transaction). */
export async function writeFinal(db: Db, contestId: number, rows: FinalRow[]): Promise<void> {
  await setIntegerColumns(
    db,
    {
      table: 'competition_participants',
      key: 'user_id',
      scope: { column: 'competition_id', value: contestId },
    },
    ['rank', 'solved', 'penalty', 'submitted'],
    rows.map((r) => ({ key: r.userId, values: [r.rank, r.solved, r.penalty, r.submitted] })),
  );
  await db.updateTable('competitions').set({ finalized: 1 }).where('id', '=', contestId).execute();
}

/**
 * Whether the user whose id is `userId` (a column of the embedding statement) is rated: at least
 * one contest of theirs has an applied rating change. A correlated EXISTS, one probe of the
 * `competition_participants_user` index that stops at the first applied contest, so the users'
 * reads stay one statement (docs/architecture.md, the read-only exception).
 */
export const ratedTest = (db: Db, userId: Expression<number>) =>
  sql<SqlBool>`exists ${db
    .selectFrom('competition_participants as rated_p')
    .select('rated_p.user_id')
    .where('rated_p.user_id', '=', userId)
    .where('rated_p.rating_change', 'is not', null)}`;

/** How many applied rated contests the user of `userId` (a column of the embedding statement) has. */
export const ratedCount = (db: Db, userId: Expression<number>) =>
  sql<number | string | bigint>`${db
    .selectFrom('competition_participants as rated_p')
    .select((eb) => eb.fn.countAll().as('c'))
    .where('rated_p.user_id', '=', userId)
    .where('rated_p.rating_change', 'is not', null)}`;

/** The same test as `ratedTest` for one user on its own (a row read without the flag: the session's). */
export async function isRated(db: Db, userId: number): Promise<boolean> {
  const hit = await db
    .selectFrom('competition_participants')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('rating_change', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
}
