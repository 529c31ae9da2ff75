import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { setIntegerColumns } from '../../lib/batch-update';

const CHUNK = 500;

/**
 * The stored ratings of some users, read inside the caller's transaction (the rating engine
 * recomputes a chain of contests in one). Ids are read in chunks: bound parameters are limited.
 */
export async function ratingsOf(trx: Kysely<Database>, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await trx
      .selectFrom('users')
      .select(['id', 'rating'])
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.set(r.id, r.rating);
  }
  return out;
}

/** Writes new ratings of many users in the caller's transaction (one statement per 300 users). */
export async function setRatings(
  trx: Kysely<Database>,
  ratings: { userId: number; rating: number }[],
): Promise<void> {
  await setIntegerColumns(
    trx,
    { table: 'users', key: 'id' },
    ['rating'],
    ratings.map((r) => ({ key: r.userId, values: [r.rating] })),
  );
}
