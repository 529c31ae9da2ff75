import type { Insertable, Kysely } from 'kysely';
import type {
  RejudgeRunRow,
  RejudgeRunsTable,
  RejudgeSetRow,
  RejudgeSetsTable,
  RejudgeTables,
} from './tables';

/**
 * Every statement on the rejudge tables (rejudge_sets, rejudge_runs), as plain functions taking the
 * module's handle, or a transaction of it, first.
 */
export type Db = Kysely<RejudgeTables>;

/** Several repo calls in one transaction: `fn` gets the transaction as its handle. */
export const inTransaction = <T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> =>
  db.transaction().execute(fn);

const OPEN = ['judging', 'ready'];

export const setById = (db: Db, id: number): Promise<RejudgeSetRow | undefined> =>
  db.selectFrom('rejudge_sets').selectAll().where('id', '=', id).executeTakeFirst();

/** The contest's set still judging or waiting to be applied, if any. */
export const openSetOf = (db: Db, contestId: number): Promise<RejudgeSetRow | undefined> =>
  db
    .selectFrom('rejudge_sets')
    .selectAll()
    .where('competition_id', '=', contestId)
    .where('state', 'in', OPEN)
    .executeTakeFirst();

/** A contest's sets, newest first. */
export const setsOf = (db: Db, contestId: number): Promise<RejudgeSetRow[]> =>
  db
    .selectFrom('rejudge_sets')
    .selectAll()
    .where('competition_id', '=', contestId)
    .orderBy('id', 'desc')
    .execute();

export const insertSet = (db: Db, row: Insertable<RejudgeSetsTable>): Promise<RejudgeSetRow> =>
  db.insertInto('rejudge_sets').values(row).returningAll().executeTakeFirstOrThrow();

export async function insertRuns(db: Db, rows: Insertable<RejudgeRunsTable>[]): Promise<void> {
  // Chunked: a statement's parameters are bounded (SQLite 32766, PostgreSQL 65535).
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('rejudge_runs')
      .values(rows.slice(i, i + 500))
      .execute();
}

export const runsOf = (db: Db, setId: number): Promise<RejudgeRunRow[]> =>
  db.selectFrom('rejudge_runs').selectAll().where('set_id', '=', setId).orderBy('submission_id').execute();

/** Runs of sets still judging that have no result yet (start-up: queued again). */
export const unjudgedRuns = (db: Db): Promise<RejudgeRunRow[]> =>
  db
    .selectFrom('rejudge_runs')
    .selectAll()
    .where('judged', '=', 0)
    .where('set_id', 'in', (eb) => eb.selectFrom('rejudge_sets').select('id').where('state', '=', 'judging'))
    .orderBy('set_id')
    .orderBy('submission_id')
    .execute();

/** Progress of some sets: runs in all, judged, and judged with another verdict or score. */
export async function progressOf(
  db: Db,
  setIds: number[],
): Promise<Map<number, { total: number; judged: number; changed: number }>> {
  const out = new Map<number, { total: number; judged: number; changed: number }>();
  if (!setIds.length) return out;
  const rows = await db
    .selectFrom('rejudge_runs')
    .select((eb) => [
      'set_id',
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string | null>('judged').as('judged'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(
              eb.and([
                eb('judged', '=', 1),
                eb.or([
                  eb('new_status', '!=', eb.ref('old_status')),
                  eb(eb.fn.coalesce('new_score', eb.val(-1)), '!=', eb.fn.coalesce('old_score', eb.val(-1))),
                ]),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('changed'),
    ])
    .where('set_id', 'in', setIds)
    .groupBy('set_id')
    .execute();
  for (const r of rows)
    out.set(r.set_id, {
      total: Number(r.total),
      judged: Number(r.judged ?? 0),
      changed: Number(r.changed ?? 0),
    });
  return out;
}

/**
 * Stores a run's result if its set is still judging and the run has none (each node hears each
 * result with the Redis queue: the first write wins). True when this call stored it.
 */
export async function storeRun(
  db: Db,
  key: { setId: number; submissionId: number },
  patch: Pick<
    RejudgeRunsTable,
    'new_status' | 'new_score' | 'new_full_score' | 'new_time' | 'new_memory' | 'result'
  > & { new_subtasks: string; new_tests: string },
): Promise<boolean> {
  const r = await db
    .updateTable('rejudge_runs')
    .set({ ...patch, judged: 1 })
    .where('set_id', '=', key.setId)
    .where('submission_id', '=', key.submissionId)
    .where('judged', '=', 0)
    .where('set_id', 'in', (eb) => eb.selectFrom('rejudge_sets').select('id').where('state', '=', 'judging'))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The run's test list as it is judged against. */
export async function setRunTests(
  db: Db,
  key: { setId: number; submissionId: number },
  run: { testsKey: string; testTotal: number },
): Promise<void> {
  await db
    .updateTable('rejudge_runs')
    .set({ tests_key: run.testsKey, test_total: run.testTotal })
    .where('set_id', '=', key.setId)
    .where('submission_id', '=', key.submissionId)
    .execute();
}

/** A judging set whose every run has its result becomes ready. */
export async function readyIfDone(db: Db, setId: number): Promise<void> {
  await db
    .updateTable('rejudge_sets')
    .set({ state: 'ready' })
    .where('id', '=', setId)
    .where('state', '=', 'judging')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('rejudge_runs')
            .select('submission_id')
            .where('set_id', '=', setId)
            .where('judged', '=', 0),
        ),
      ),
    )
    .execute();
}

/**
 * Moves a set from one of `from` to `to` (with the time), atomically: true when this call moved it
 * (two admins pressing 应用 at once: one wins).
 */
export async function moveSet(
  db: Db,
  id: number,
  from: string[],
  to: 'applied' | 'cancelled',
  at: string,
): Promise<boolean> {
  const r = await db
    .updateTable('rejudge_sets')
    .set(to === 'applied' ? { state: to, applied_at: at } : { state: to, cancelled_at: at })
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
