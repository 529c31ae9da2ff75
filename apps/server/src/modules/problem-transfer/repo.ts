import type { Kysely } from 'kysely';
import type { ImportJobError, ImportJobStatus } from '@oj/shared';
import type { ImportJobRow, TransferTables } from './tables';

/**
 * Rows of `import_jobs` (migration 023): one per import, written by the node running it. Only this
 * module touches the table, through these functions.
 */
type Db = Kysely<TransferTables>;

/** An import still in the hands of a node. */
export const RUNNING: ImportJobStatus[] = ['parsing', 'storing'];

export async function insertJob(
  db: Db,
  v: { createdBy: number; fileName: string; fileSize: number; node: string; now: string },
): Promise<number> {
  const row = await db
    .insertInto('import_jobs')
    .values({
      created_by: v.createdBy,
      file_name: v.fileName,
      file_size: v.fileSize,
      format: null,
      status: 'parsing',
      imported: '[]',
      warnings: '[]',
      error: null,
      node: v.node,
      heartbeat_time: v.now,
      create_time: v.now,
      finish_time: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const jobRow = (db: Db, id: number): Promise<ImportJobRow | undefined> =>
  db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();

export const recentJobs = (db: Db, limit: number): Promise<ImportJobRow[]> =>
  db.selectFrom('import_jobs').selectAll().orderBy('id', 'desc').limit(limit).execute();

export interface JobChange {
  status?: ImportJobStatus;
  format?: string;
  total?: number;
  done?: number;
  imported?: { problem_id: number; title: string }[];
  warnings?: string[];
  error?: ImportJobError;
  heartbeat_time: string;
  finish_time?: string;
}

/**
 * Writes the running node's progress. Only while the job is still running on that node: false
 * when another node has declared it interrupted meanwhile (its heartbeat was too old), and the
 * node then stops rather than bring it back.
 */
export async function updateRunning(db: Db, id: number, node: string, c: JobChange): Promise<boolean> {
  const res = await db
    .updateTable('import_jobs')
    .set({
      ...(c.status && { status: c.status }),
      ...(c.format && { format: c.format }),
      ...(c.total !== undefined && { total: c.total }),
      ...(c.done !== undefined && { done: c.done }),
      ...(c.imported && { imported: JSON.stringify(c.imported) }),
      ...(c.warnings && { warnings: JSON.stringify(c.warnings) }),
      ...(c.error && { error: JSON.stringify(c.error) }),
      ...(c.finish_time && { finish_time: c.finish_time }),
      heartbeat_time: c.heartbeat_time,
    })
    .where('id', '=', id)
    .where('node', '=', node)
    .where('status', 'in', RUNNING)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The job, when still running and not heard from since `before`: its node stopped. */
export async function interruptStale(
  db: Db,
  id: number,
  before: string,
  now: string,
  error: ImportJobError,
): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ status: 'interrupted', error: JSON.stringify(error), finish_time: now })
    .where('id', '=', id)
    .where('status', 'in', RUNNING)
    .where('heartbeat_time', '<', before)
    .execute();
}
