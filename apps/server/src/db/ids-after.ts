import type { Kysely } from 'kysely';

/** The tables of `DB` whose rows are numbered by an `id` column. */
type NumberedTable<DB> = {
  [T in keyof DB & string]: DB[T] extends { id: unknown } ? T : never;
}[keyof DB & string];

/**
 * Ids of `table` (deleted rows too) after `after`, in order, at most `limit`: the batches in which
 * a rebuild (the search index) walks a whole table without holding it in memory. Any module's
 * handle: the table must be one of its own.
 */
export async function idsAfter<DB>(
  db: Kysely<DB>,
  table: NumberedTable<DB>,
  after: number,
  limit: number,
): Promise<number[]> {
  // Every NumberedTable has a numeric id; the narrowed view lets one query serve them all.
  const numbered = db as unknown as Kysely<{ t: { id: number } }>;
  const rows = await numbered
    .selectFrom(table as 't')
    .select('id')
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
