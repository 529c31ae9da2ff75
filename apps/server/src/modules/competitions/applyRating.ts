import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { UsersService } from '../users/service';
import type { LiveBoard } from './live';
import { ratingDeltas } from './rating/codeforces';

export interface RatingDeps {
  db: Kysely<Database>;
  users: UsersService;
}

const CHUNK = 500;
async function inChunks<T>(ids: number[], fn: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await fn(ids.slice(i, i + CHUNK))));
  return out;
}

/**
 * Applies the rating changes of an ended rated contest, once: the `rating_applied` flag is claimed
 * by a conditional update first, so a second call (another node, the periodic job, a retry) does
 * nothing. Contestants are the participants with at least one counted submission; a user without
 * an earlier rated contest counts as new (1400). Answers the number of contestants rated.
 */
export async function applyRating(deps: RatingDeps, board: LiveBoard): Promise<number> {
  const { db, users } = deps;
  const id = board.contest.id;
  const claimed = await db
    .updateTable('competitions')
    .set({ rating_applied: 1 })
    .where('id', '=', id)
    .where('rated', '=', 1)
    .where('rating_applied', '=', 0)
    .executeTakeFirst();
  if (!Number(claimed.numUpdatedRows)) return 0;

  const contestants = board.sb
    .all(false)
    .filter(({ standing }) =>
      standing.cells.some((_c, i) => (board.sb.attemptsOf(standing.userId, i)?.length ?? 0) > 0),
    );
  const ids = contestants.map((c) => c.standing.userId);
  const current = new Map(
    (
      await inChunks(ids, (chunk) =>
        db.selectFrom('users').select(['id', 'rating']).where('id', 'in', chunk).execute(),
      )
    ).map((u) => [u.id, u.rating]),
  );
  const veterans = new Set(
    (
      await inChunks(ids, (chunk) =>
        db
          .selectFrom('competition_participants')
          .select('user_id')
          .where('user_id', 'in', chunk)
          .where('competition_id', '!=', id)
          .where('rating_change', 'is not', null)
          .execute(),
      )
    ).map((r) => r.user_id),
  );
  const inputs = contestants.map(({ standing }) => ({
    handle: String(standing.userId),
    points: standing.totals.solved,
    penalty: standing.totals.penalty,
    rating: veterans.has(standing.userId) ? (current.get(standing.userId) ?? null) : null,
  }));
  const deltas = ratingDeltas(inputs);

  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < contestants.length; i++) {
      const before = inputs[i].rating ?? 1400;
      await trx
        .updateTable('competition_participants')
        .set({ rating_before: before, rating_after: before + deltas[i], rating_change: deltas[i] })
        .where('competition_id', '=', id)
        .where('user_id', '=', ids[i])
        .execute();
    }
  });
  for (let i = 0; i < contestants.length; i++)
    await users.setRating(ids[i], (inputs[i].rating ?? 1400) + deltas[i]);
  return contestants.length;
}

/**
 * Takes a contest's rating changes back: each user's current rating minus the change (so later
 * contests' changes stay), the participant rows cleared and the flag released.
 */
export async function rollbackRating(deps: RatingDeps, contestId: number): Promise<number> {
  const { db, users } = deps;
  const rows = await db
    .selectFrom('competition_participants')
    .select(['user_id', 'rating_change'])
    .where('competition_id', '=', contestId)
    .where('rating_change', 'is not', null)
    .execute();
  for (const r of rows) {
    const u = await users.byId(r.user_id);
    if (u) await users.setRating(u.id, u.rating - r.rating_change!);
  }
  await db
    .updateTable('competition_participants')
    .set({ rating_before: null, rating_after: null, rating_change: null })
    .where('competition_id', '=', contestId)
    .execute();
  await db.updateTable('competitions').set({ rating_applied: 0 }).where('id', '=', contestId).execute();
  return rows.length;
}
