import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Issue 15, code replay: the editing timeline sent with a submission, brotli-compressed (`data`),
 * with the facts the list shows, so listing never decompresses. One replay per submission; the
 * owner's share switch (`shared` 0/1) opens it to others where the code may be shown at all.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('code_replays')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('submission_id', 'integer', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('problem_id', 'integer', (c) => c.notNull())
    .addColumn('language', 'varchar(20)', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('edit_count', 'integer', (c) => c.notNull())
    .addColumn('run_count', 'integer', (c) => c.notNull())
    .addColumn('wire_bytes', 'integer', (c) => c.notNull())
    .addColumn('data', ctx.dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('code_replays_user').on('code_replays').columns(['user_id', 'id']).execute();
}
