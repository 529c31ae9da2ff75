import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../db/types';
import { nowIso } from '../../lib/time';
import { setIntegerColumns } from '../../lib/batch-update';
import { ratingsOf, setRatings } from '../users';
import { type FinalRow, finalRowsOf, writeFinal } from './finalize';
import type { LiveBoards } from './live';
import { NEW_USER_RATING, ratingDeltas } from './rating/codeforces';

/**
 * Ratings follow the chain of rated contests in the order they ended (end_time, then id): a
 * contest's `rating_before` is each user's rating after every earlier rated contest. Changing one
 * link (a rejudge, rated turned off, a deletion, a late apply of an older contest) changes every
 * later link, so all rating work here goes through `rerate(from)`: in ONE transaction, roll back
 * `from` and every applied contest that ended after it, then apply, oldest first, every contest
 * from there on that is rated, ended and not deleted. The result is what applying them all fresh
 * in order gives, and repeating it changes nothing.
 *
 * Two of these at once (two admins, two server nodes, the periodic job) are serialised: on
 * PostgreSQL by a transaction-scoped advisory lock taken first, on SQLite by the single connection
 * the transaction holds. Everything is read after the lock, so the second sees the first's result.
 */
export interface RerateOptions {
  /** The periodic job: do nothing unless `from` is still rated, ended and not applied (the claim). */
  onlyIfUnapplied?: boolean;
  /** Fresh final standings (from rebuilt boards) to store first, by contest id. */
  finals?: Map<number, FinalRow[]>;
  /**
   * An end time the chain must also be recomputed from: `from`'s end before an edit moved it, so
   * the contests it moved past are recomputed too.
   */
  since?: string;
}

/** Any constant: the one advisory lock all rating transactions take on PostgreSQL. */
export const RATING_LOCK_KEY = 0x6f6a_7261;
const CHUNK = 500;

interface ChainLink {
  id: number;
  end_time: string;
  rated: number;
  rating_applied: number;
  is_delete: number;
  finalized: number;
}

/** The columns of a ChainLink, as every chain query selects them. */
const LINK_COLUMNS = ['id', 'end_time', 'rated', 'rating_applied', 'is_delete', 'finalized'] as const;

async function inChunks<T>(ids: number[], fn: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await fn(ids.slice(i, i + CHUNK))));
  return out;
}

const byEnd = (a: ChainLink, b: ChainLink) =>
  a.end_time < b.end_time ? -1 : a.end_time > b.end_time ? 1 : a.id - b.id;

/**
 * The contests from `from` on (by end, then id) that rating work touches: applied ones (to roll
 * back) and rated, ended, live ones (to apply). Oldest first.
 */
async function chainFrom(
  exec: Kysely<Database>,
  from: Pick<ChainLink, 'id' | 'end_time'>,
  now: string,
): Promise<ChainLink[]> {
  const rows = await exec
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
  return rows.sort(byEnd);
}

/** Rated, ended and not deleted: its ratings belong in the chain. */
const wanted = (c: ChainLink, now: string) => Boolean(c.rated) && !c.is_delete && c.end_time <= now;
/** ...and its final standings are stored (the job stores them first): it can be applied. */
const shouldApply = (c: ChainLink, now: string) => wanted(c, now) && Boolean(c.finalized);

/** The contests (from the periodic job's view) whose rating work is due, oldest first. */
export async function dueRatingWork(db: Kysely<Database>): Promise<ChainLink[]> {
  const now = nowIso();
  const rows = await db
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
  return rows.sort(byEnd);
}

/**
 * The final standings of `fromId` and of every contest after it that is to be applied, from
 * boards rebuilt from the submissions (a rejudge may have changed any of them). The boards are
 * dropped from the cache again: old contests are read rarely.
 */
export async function freshFinals(
  db: Kysely<Database>,
  boards: LiveBoards,
  fromId: number,
): Promise<Map<number, FinalRow[]>> {
  const now = nowIso();
  const from = await db
    .selectFrom('competitions')
    .select(LINK_COLUMNS)
    .where('id', '=', fromId)
    .executeTakeFirst();
  const finals = new Map<number, FinalRow[]>();
  if (!from) return finals;
  for (const link of await chainFrom(db, from, now)) {
    if (link.id !== fromId && !wanted(link, now)) continue;
    boards.invalidate(link.id);
    const board = await boards.get(link.id);
    if (board) finals.set(link.id, finalRowsOf(board));
    boards.invalidate(link.id);
  }
  return finals;
}

export interface Rerated {
  /** Contestants rated in `fromId` itself (0 when it is not applied any more). */
  rated: number;
  /** Contests whose rating columns were rewritten (their boards show ratings). */
  touched: number[];
}

/** Recomputes the rating chain from contest `fromId` (see the top of the file). */
export async function rerate(
  db: Kysely<Database>,
  fromId: number,
  opts: RerateOptions = {},
): Promise<Rerated> {
  return db.transaction().execute(async (trx) => {
    if (db.getExecutor().adapter instanceof PostgresAdapter)
      await sql`select pg_advisory_xact_lock(${RATING_LOCK_KEY})`.execute(trx);
    const now = nowIso();
    const from = await trx
      .selectFrom('competitions')
      .select(LINK_COLUMNS)
      .where('id', '=', fromId)
      .executeTakeFirst();
    if (!from) return { rated: 0, touched: [] };
    if (opts.onlyIfUnapplied && (from.rating_applied || !shouldApply(from, now)))
      return { rated: 0, touched: [] };
    for (const [id, rows] of opts.finals ?? []) await writeFinal(trx, id, rows);

    // From the earlier of `from` and `since` (id 0: every contest that ended at `since`).
    const start = opts.since && opts.since < from.end_time ? { id: 0, end_time: opts.since } : from;
    const chain = await chainFrom(trx, start, now);
    const undo = chain.filter((c) => c.rating_applied).map((c) => c.id);
    const redo = chain.filter((c) => shouldApply(c, now));

    // Roll back, newest first: each user's rating minus the changes of the undone contests.
    const undone = undo.length
      ? await trx
          .selectFrom('competition_participants')
          .select(['user_id', 'rating_change'])
          .where('competition_id', 'in', undo)
          .where('rating_change', 'is not', null)
          .execute()
      : [];
    const takenBack = new Map<number, number>();
    for (const r of undone) takenBack.set(r.user_id, (takenBack.get(r.user_id) ?? 0) + r.rating_change!);
    if (undo.length)
      await trx
        .updateTable('competition_participants')
        .set({ rating_before: null, rating_after: null, rating_change: null })
        .where('competition_id', 'in', undo)
        .execute();

    // Contestants of the contests to apply: participants with a counted submission, best first.
    const contestants = redo.length
      ? await trx
          .selectFrom('competition_participants')
          .select(['competition_id', 'user_id', 'solved', 'penalty', 'rank'])
          .where(
            'competition_id',
            'in',
            redo.map((c) => c.id),
          )
          .where('submitted', '>', 0)
          .orderBy('competition_id')
          .orderBy('rank')
          .orderBy('user_id')
          .execute()
      : [];

    const people = [...new Set([...takenBack.keys(), ...contestants.map((c) => c.user_id)])];
    const stored = await ratingsOf(trx, people);
    // Veterans: a rated contest before `from` (the undone ones are cleared by now).
    const veterans = new Set(
      (
        await inChunks(people, (chunk) =>
          trx
            .selectFrom('competition_participants')
            .select('user_id')
            .distinct()
            .where('user_id', 'in', chunk)
            .where('rating_change', 'is not', null)
            .execute(),
        )
      ).map((r) => r.user_id),
    );
    const rating = new Map<number, number>();
    for (const id of veterans) rating.set(id, (stored.get(id) ?? NEW_USER_RATING) - (takenBack.get(id) ?? 0));

    const byContest = new Map<number, typeof contestants>();
    for (const c of contestants) {
      const list = byContest.get(c.competition_id);
      if (list) list.push(c);
      else byContest.set(c.competition_id, [c]);
    }
    let ratedInFrom = 0;
    for (const link of redo) {
      const rows = byContest.get(link.id) ?? [];
      const inputs = rows.map((r) => ({
        handle: String(r.user_id),
        points: r.solved,
        penalty: r.penalty,
        rating: rating.get(r.user_id) ?? null,
      }));
      const deltas = ratingDeltas(inputs);
      const changes = rows.map((r, i) => {
        const before = inputs[i].rating ?? NEW_USER_RATING;
        return {
          userId: r.user_id,
          rating_before: before,
          rating_after: before + deltas[i],
          rating_change: deltas[i],
        };
      });
      await setIntegerColumns(
        trx,
        {
          table: 'competition_participants',
          key: 'user_id',
          scope: { column: 'competition_id', value: link.id },
        },
        ['rating_before', 'rating_after', 'rating_change'],
        changes.map((c) => ({ key: c.userId, values: [c.rating_before, c.rating_after, c.rating_change] })),
      );
      for (const c of changes) rating.set(c.userId, c.rating_after);
      if (link.id === fromId) ratedInFrom = changes.length;
    }

    // Users' ratings: where the chain leaves them; without any rated contest, what the engine
    // counts them at (also the users row default, migration 005).
    const finalRating = (id: number) => rating.get(id) ?? NEW_USER_RATING;
    const changed = people.filter((id) => stored.has(id) && stored.get(id) !== finalRating(id));
    await setRatings(
      trx,
      changed.map((id) => ({ userId: id, rating: finalRating(id) })),
    );

    const redoIds = redo.map((c) => c.id);
    const dropped = undo.filter((id) => !redoIds.includes(id));
    if (redoIds.length)
      await trx.updateTable('competitions').set({ rating_applied: 1 }).where('id', 'in', redoIds).execute();
    if (dropped.length)
      await trx.updateTable('competitions').set({ rating_applied: 0 }).where('id', 'in', dropped).execute();
    return { rated: ratedInFrom, touched: [...new Set([...undo, ...redoIds])] };
  });
}
