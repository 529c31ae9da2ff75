import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Site announcements (issue 18): markdown written by admins, shown on the home page and, the newest
 * pinned one, as a dismissible bar. `expire_time` null = never expires.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('announcements')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire_time', 'varchar(30)')
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  // The public list: published ones, pinned first, newest first.
  await db.schema
    .createIndex('announcements_public')
    .on('announcements')
    .columns(['published', 'pinned', 'id'])
    .execute();
}
