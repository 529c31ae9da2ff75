import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * The outbox: "this thing changed" rows written in the same transaction as the change, so work
 * that must not be lost (search indexing, payment settlement) survives a crash between the commit
 * and the work. Consumers delete the rows they have handled (lib/outbox.ts).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('topic', 'varchar(40)', (c) => c.notNull())
    .addColumn('key', 'varchar(80)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_topic_id').on('outbox').columns(['topic', 'id']).execute();
}
