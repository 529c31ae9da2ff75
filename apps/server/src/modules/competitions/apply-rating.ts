import { isScoredRule } from '@oj/shared';
import { nowIso } from '../../lib/time';
import type { UsersService } from '../users';
import { type FinalRow, finalRowsOf } from './finalize';
import type { LiveBoards } from './live';
import { NEW_USER_RATING, ratingDeltas } from './rating/codeforces';
import { type Db, inTransaction } from './repo';
import * as rating from './rating-repo';
import type { ChainLink } from './rating-repo';
import { ruleOf } from './scoring-rule';

export { RATING_LOCK_KEY } from './rating-repo';

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

const byEnd = (a: ChainLink, b: ChainLink) =>
  a.end_time < b.end_time ? -1 : a.end_time > b.end_time ? 1 : a.id - b.id;

/** What the rating work uses: the contest tables, and the users' ratings inside its transaction. */
export interface RatingDeps {
  db: Db;
  users: Pick<UsersService, 'ratingsOf' | 'setRatings'>;
}

/** Rated, ended and not deleted: its ratings belong in the chain. */
const wanted = (c: ChainLink, now: string) => Boolean(c.rated) && !c.is_delete && c.end_time <= now;
/** ...and its final standings are stored (the job stores them first): it can be applied. */
const shouldApply = (c: ChainLink, now: string) => wanted(c, now) && Boolean(c.finalized);

/** The contests (from the periodic job's view) whose rating work is due, oldest first. */
export async function dueRatingWork(db: Db): Promise<ChainLink[]> {
  return (await rating.dueLinks(db, nowIso())).sort(byEnd);
}

/**
 * The final standings of `fromId` and of every contest after it that is to be applied, from
 * boards rebuilt from the submissions (a rejudge may have changed any of them). The boards are
 * dropped from the cache again: old contests are read rarely.
 */
export async function freshFinals(
  d: { db: Db; boards: LiveBoards },
  fromId: number,
): Promise<Map<number, FinalRow[]>> {
  const now = nowIso();
  const from = await rating.chainLink(d.db, fromId);
  const finals = new Map<number, FinalRow[]>();
  if (!from) return finals;
  for (const link of (await rating.chainFrom(d.db, from, now)).sort(byEnd)) {
    if (link.id !== fromId && !wanted(link, now)) continue;
    d.boards.invalidate(link.id);
    const board = await d.boards.get(link.id);
    if (board) finals.set(link.id, finalRowsOf(board));
    d.boards.invalidate(link.id);
  }
  return finals;
}

export interface Rerated {
  /** Contestants rated in `fromId` itself (0 when it is not applied any more). */
  rated: number;
  /** Contests whose rating columns were rewritten (their boards show ratings). */
  touched: number[];
}

type Contestant = Awaited<ReturnType<typeof rating.contestantsOf>>[number];

/** Recomputes the rating chain from contest `fromId` (see the top of the file). */
export async function rerate(d: RatingDeps, fromId: number, opts: RerateOptions = {}): Promise<Rerated> {
  return inTransaction(d.db, async (trx) => {
    await rating.lockRatings(trx);
    const now = nowIso();
    const from = await rating.chainLink(trx, fromId);
    if (!from) return { rated: 0, touched: [] };
    if (opts.onlyIfUnapplied && (from.rating_applied || !shouldApply(from, now)))
      return { rated: 0, touched: [] };
    for (const [id, rows] of opts.finals ?? []) await rating.writeFinal(trx, id, rows);

    // From the earlier of `from` and `since` (id 0: every contest that ended at `since`).
    const start = opts.since && opts.since < from.end_time ? { id: 0, end_time: opts.since } : from;
    const chain = (await rating.chainFrom(trx, start, now)).sort(byEnd);
    const undo = chain.filter((c) => c.rating_applied).map((c) => c.id);
    const redo = chain.filter((c) => shouldApply(c, now));

    // Roll back, newest first: each user's rating minus the changes of the undone contests.
    const takenBack = new Map<number, number>();
    for (const r of await rating.takeBackChanges(trx, undo))
      takenBack.set(r.user_id, (takenBack.get(r.user_id) ?? 0) + r.rating_change);

    // Contestants of the contests to apply: participants with a counted submission, best first.
    const contestants = await rating.contestantsOf(
      trx,
      redo.map((c) => c.id),
    );

    const people = [...new Set([...takenBack.keys(), ...contestants.map((c) => c.user_id)])];
    const stored = await d.users.ratingsOf(trx, people);
    // Veterans: a rated contest before `from` (the undone ones are cleared by now).
    const veterans = await rating.ratedAmong(trx, people);
    const ratings = new Map<number, number>();
    for (const id of veterans)
      ratings.set(id, (stored.get(id) ?? NEW_USER_RATING) - (takenBack.get(id) ?? 0));

    const ratedInFrom = await applyChain(trx, redo, contestants, ratings, fromId);

    // Users' ratings: where the chain leaves them; without any rated contest, what the engine
    // counts them at (also the users row default, migration 005).
    const finalRating = (id: number) => ratings.get(id) ?? NEW_USER_RATING;
    const changed = people.filter((id) => stored.has(id) && stored.get(id) !== finalRating(id));
    await d.users.setRatings(
      trx,
      changed.map((id) => ({ userId: id, rating: finalRating(id) })),
    );

    const redoIds = redo.map((c) => c.id);
    await rating.markApplied(trx, redoIds, true);
    await rating.markApplied(
      trx,
      undo.filter((id) => !redoIds.includes(id)),
      false,
    );
    return { rated: ratedInFrom, touched: [...new Set([...undo, ...redoIds])] };
  });
}

/**
 * Applies the contests of `redo`, oldest first, from the ratings the chain starts at (`ratings`,
 * updated as it goes). Answers how many were rated in `fromId`.
 */
async function applyChain(
  trx: Db,
  redo: ChainLink[],
  contestants: Contestant[],
  ratings: Map<number, number>,
  fromId: number,
): Promise<number> {
  const byContest = new Map<number, Contestant[]>();
  for (const c of contestants) {
    const list = byContest.get(c.competition_id);
    if (list) list.push(c);
    else byContest.set(c.competition_id, [c]);
  }
  let ratedInFrom = 0;
  for (const link of redo) {
    const rows = byContest.get(link.id) ?? [];
    // ICPC rates by solved and penalty as always; the scored rules by the final rank (their
    // order has no solved / penalty pair: points, and for IOI the time the total was reached).
    const byRank = isScoredRule(ruleOf(link));
    const inputs = rows.map((r) => ({
      handle: String(r.user_id),
      points: byRank ? -(r.rank ?? 0) : r.solved,
      penalty: byRank ? 0 : r.penalty,
      rating: ratings.get(r.user_id) ?? null,
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
    await rating.writeRatingChanges(trx, link.id, changes);
    for (const c of changes) ratings.set(c.userId, c.rating_after);
    if (link.id === fromId) ratedInFrom = changes.length;
  }
  return ratedInFrom;
}
