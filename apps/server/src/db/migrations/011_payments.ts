import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Payments (issue 13): our orders and every notify the provider sent, kept for audit. Money is in
 * integer fen; `out_trade_no` is ours (the provider's ids are `order_no` and `pay_no`). What is
 * sold is a course today (`course_id`), looked up through the payments catalog, never joined.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('out_trade_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('provider', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('order_no', 'varchar(64)')
    .addColumn('pay_no', 'varchar(64)')
    .addColumn('code_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(30)')
    .addColumn('refunded_at', 'varchar(30)')
    .addColumn('refund_reason', 'varchar(200)')
    .addColumn('last_query_at', 'varchar(30)')
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'id']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('out_trade_no', 'varchar(64)')
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_events_order')
    .on('payment_events')
    .columns(['out_trade_no', 'id'])
    .execute();
}
