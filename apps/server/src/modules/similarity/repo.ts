import type { Insertable, Kysely, Updateable } from 'kysely';
import type {
  SimilarityPairRow,
  SimilarityPairsTable,
  SimilarityRunRow,
  SimilarityRunsTable,
  SimilarityTables,
} from './tables';

/**
 * The similarity tables (similarity_runs, similarity_pairs): only this module touches them,
 * through these functions, each taking the module's handle (or a transaction of it) first.
 */
export type Db = Kysely<SimilarityTables>;

const PAIRS_PER_INSERT = 100;

/** Several repo calls in one transaction: `fn` gets the transaction as its handle. */
export const inTransaction = <T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> =>
  db.transaction().execute(fn);

export const runOf = (db: Db, contestId: number): Promise<SimilarityRunRow | undefined> =>
  db.selectFrom('similarity_runs').selectAll().where('competition_id', '=', contestId).executeTakeFirst();

/** The contests that have a run (of any status). */
export async function runContestIds(db: Db): Promise<Set<number>> {
  const rows = await db.selectFrom('similarity_runs').select('competition_id').execute();
  return new Set(rows.map((r) => r.competition_id));
}

/** Inserts a contest's first run; false when it has one already (another node claimed it). */
export async function insertRunIfNone(db: Db, row: Insertable<SimilarityRunsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('similarity_runs')
    .values(row)
    .onConflict((oc) => oc.column('competition_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Starts a run again unless one is in progress (started after `staleBefore`). True when started. */
export async function restartRun(
  db: Db,
  contestId: number,
  now: string,
  staleBefore: string,
): Promise<boolean> {
  const updated = await db
    .updateTable('similarity_runs')
    .set({ status: 'running', started_time: now, finished_time: null, error: '' })
    .where('competition_id', '=', contestId)
    .where((eb) => eb.or([eb('status', '!=', 'running'), eb('started_time', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function updateRun(
  db: Db,
  contestId: number,
  set: Updateable<SimilarityRunsTable>,
): Promise<void> {
  await db.updateTable('similarity_runs').set(set).where('competition_id', '=', contestId).execute();
}

/** Replaces a contest's pairs (inside the caller's transaction), 100 rows a statement. */
export async function replacePairs(
  db: Db,
  contestId: number,
  pairs: Insertable<SimilarityPairsTable>[],
): Promise<void> {
  await db.deleteFrom('similarity_pairs').where('competition_id', '=', contestId).execute();
  for (let i = 0; i < pairs.length; i += PAIRS_PER_INSERT)
    await db
      .insertInto('similarity_pairs')
      .values(pairs.slice(i, i + PAIRS_PER_INSERT))
      .execute();
}

/** A contest's pairs, most similar first: how many, and one page. */
export async function pairsPage(db: Db, contestId: number, limit: number, offset: number) {
  const base = db.selectFrom('similarity_pairs').where('competition_id', '=', contestId);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('score', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
  ]);
  return { total: Number(n), rows };
}

export const pairById = (db: Db, id: number): Promise<SimilarityPairRow | undefined> =>
  db.selectFrom('similarity_pairs').selectAll().where('id', '=', id).executeTakeFirst();
