import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Issue 22, problem import as a job: one row per upload, written by the node that runs it (its
 * `node` id, `heartbeat_time` while it works) and read by any node, so the management page follows
 * an import across a refresh and across nodes. `imported` and `warnings` are JSON arrays, `error`
 * a JSON `{message, field}`.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('format', 'varchar(20)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported', 'text', (c) => c.notNull())
    .addColumn('warnings', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('node', 'varchar(40)', (c) => c.notNull())
    .addColumn('heartbeat_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('finish_time', 'varchar(30)')
    .execute();
}
