import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Notifications (站内消息) and moderation (reports, mutes). Post and comment ids point into the
 * forum's tables without a foreign key: the forum module owns them and may delete them.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('post_id', 'integer')
    .addColumn('comment_id', 'integer')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('excerpt', 'varchar(200)', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  // "my unread count" and "my list, newest first".
  await db.schema
    .createIndex('notifications_user_read')
    .on('notifications')
    .columns(['user_id', 'is_read'])
    .execute();
  await db.schema
    .createIndex('notifications_user_id')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('reporter_id', 'integer', (c) => c.notNull())
    .addColumn('target_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('detail', 'varchar(500)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('action', 'varchar(10)')
    .addColumn('handled_by', 'integer')
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('handle_time', 'varchar(30)')
    .execute();
  await db.schema.createIndex('reports_status_id').on('reports').columns(['status', 'id']).execute();
  await db.schema.createIndex('reports_target').on('reports').columns(['target_kind', 'target_id']).execute();
  // One open report per reporter and target, even under concurrent requests.
  await db.schema
    .createIndex('reports_one_open')
    .on('reports')
    .columns(['reporter_id', 'target_kind', 'target_id'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();

  await db.schema
    .createTable('mutes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('until', 'varchar(30)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('by_id', 'integer')
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mutes_until').on('mutes').column('until').execute();
}
