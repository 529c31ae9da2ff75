import type { Insertable, Kysely, Updateable } from 'kysely';
import type { JurySolutionRow, JurySolutionsTable, JuryTables, JuryValidatorRow } from './tables';

/**
 * Every statement on the jury's tables (jury_solutions, jury_validators), as plain functions taking
 * the module's handle, or a transaction of it, first.
 */
export type Db = Kysely<JuryTables>;

/** Several repo calls in one transaction: `fn` gets the transaction as its handle. */
export const inTransaction = <T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> =>
  db.transaction().execute(fn);

export const solutionsOf = (db: Db, problemId: number): Promise<JurySolutionRow[]> =>
  db.selectFrom('jury_solutions').selectAll().where('problem_id', '=', problemId).orderBy('id').execute();

export const solutionById = (db: Db, id: number): Promise<JurySolutionRow | undefined> =>
  db.selectFrom('jury_solutions').selectAll().where('id', '=', id).executeTakeFirst();

export async function countOf(db: Db, problemId: number): Promise<number> {
  const r = await db
    .selectFrom('jury_solutions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('problem_id', '=', problemId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function insertSolution(db: Db, row: Insertable<JurySolutionsTable>): Promise<JurySolutionRow> {
  return db.insertInto('jury_solutions').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateSolution(
  db: Db,
  id: number,
  patch: Updateable<JurySolutionsTable>,
): Promise<JurySolutionRow | undefined> {
  return db.updateTable('jury_solutions').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteSolution(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('jury_solutions').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * A new run of a solution: its version goes up by one (a result of an earlier run no longer lands),
 * its status is PD and the previous results are cleared. Answers the version to queue with.
 */
export async function markQueued(db: Db, id: number, specKey: string): Promise<number | null> {
  const r = await db
    .updateTable('jury_solutions')
    .set((eb) => ({
      run_version: eb('run_version', '+', 1),
      run_status: 'PD',
      run_time_ms: 0,
      run_memory_kib: 0,
      run_tests: '[]',
      run_compile_message: '',
      run_message: '',
      spec_key: specKey,
      judged_at: null,
    }))
    .where('id', '=', id)
    .returning('run_version')
    .executeTakeFirst();
  return r ? r.run_version : null;
}

/** A run that could not be queued (no tests, the problem gone): ends it with a message. */
export async function markUnrunnable(db: Db, id: number, message: string, at: string): Promise<void> {
  await db
    .updateTable('jury_solutions')
    .set({ run_status: 'IE', run_message: message, judged_at: at, run_tests: '[]' })
    .where('id', '=', id)
    .execute();
}

export interface StoredRun {
  status: string;
  timeMs: number;
  memoryKiB: number;
  tests: string;
  compileMessage: string;
  message: string;
  at: string;
}

/**
 * Stores a result when it belongs to the solution's current run and that run is still queued (with
 * the Redis queue every node hears every result: one update lands). True when it landed.
 */
export async function storeRun(
  db: Db,
  job: { id: number; version: number },
  run: StoredRun,
): Promise<boolean> {
  const r = await db
    .updateTable('jury_solutions')
    .set({
      run_status: run.status,
      run_time_ms: run.timeMs,
      run_memory_kib: run.memoryKiB,
      run_tests: run.tests,
      run_compile_message: run.compileMessage,
      run_message: run.message,
      judged_at: run.at,
    })
    .where('id', '=', job.id)
    .where('run_version', '=', job.version)
    .where('run_status', '=', 'PD')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Runs left queued (a restart lost the in-process queue): queued again at start. */
export const queuedRuns = (db: Db): Promise<JurySolutionRow[]> =>
  db.selectFrom('jury_solutions').selectAll().where('run_status', '=', 'PD').orderBy('id').execute();

export const validatorOf = (db: Db, problemId: number): Promise<JuryValidatorRow | undefined> =>
  db.selectFrom('jury_validators').selectAll().where('problem_id', '=', problemId).executeTakeFirst();

export async function saveValidator(db: Db, row: JuryValidatorRow): Promise<void> {
  await db
    .insertInto('jury_validators')
    .values(row)
    .onConflict((oc) =>
      oc.column('problem_id').doUpdateSet({
        language: row.language,
        source: row.source,
        protocol: row.protocol,
        files: row.files,
        update_time: row.update_time,
      }),
    )
    .execute();
}

export async function deleteValidator(db: Db, problemId: number): Promise<boolean> {
  const r = await db.deleteFrom('jury_validators').where('problem_id', '=', problemId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
