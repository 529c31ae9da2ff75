import type { Kysely } from 'kysely';
import type { Database } from './types';

/** The tables whose rows are numbered by an `id` column. */
type NumberedTable = {
  [T in keyof Database]: Database[T] extends { id: unknown } ? T : never;
}[keyof Database];

/**
 * Ids of `table` (deleted rows too) after `after`, in order, at most `limit`: the batches in which
 * a rebuild (the search index) walks a whole table without holding it in memory.
 */
export async function idsAfter(
  db: Kysely<Database>,
  table: NumberedTable,
  after: number,
  limit: number,
): Promise<number[]> {
  // Every NumberedTable has a numeric id; the narrowed view lets one query serve them all.
  const numbered = db as unknown as Kysely<Record<NumberedTable, { id: number }>>;
  const rows = await numbered
    .selectFrom(table)
    .select('id')
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
