import type { Kysely } from 'kysely';

/**
 * Issue 30 part 2, every job correct on several nodes:
 * - `leases` (lib/lease.ts): who runs a periodic job now, until when; taken and renewed with a
 *   compare-and-set, so one node runs it and another takes over when the holder's lease expires.
 * - `outbox.claimed_by` / `claimed_until` (lib/outbox.ts): a batch claimed by one node's pass, so
 *   two nodes never hand the same rows to their consumers at once; a dead node's claim expires.
 *   `outbox.payload`: what an event said when it happened (a notification needs the action and
 *   the text, not only "post 12 changed").
 * - `payment_sandbox` / `payment_sandbox_keys` (modules/payments/sandbox.ts): the sandbox
 *   provider's paid orders and its signing key, shared by every node (checkout on one, notify or
 *   order query on another).
 * - `notifications.source` (modules/notifications): the event a notification was made from; one
 *   notification per (source, recipient), so an event delivered twice makes nothing new.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leases')
    .addColumn('name', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(80)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('outbox').addColumn('claimed_by', 'varchar(40)').execute();
  await db.schema.alterTable('outbox').addColumn('claimed_until', 'varchar(30)').execute();
  await db.schema.alterTable('outbox').addColumn('payload', 'text').execute();

  await db.schema
    .createTable('payment_sandbox')
    .addColumn('out_trade_no', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('order_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('pay_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('payment_sandbox_keys')
    .addColumn('mch_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('notifications').addColumn('source', 'varchar(80)').execute();
  // NULLs are distinct on both databases: notifications without a source (older ones) are not limited.
  await db.schema
    .createIndex('notifications_source_user')
    .on('notifications')
    .columns(['source', 'user_id'])
    .unique()
    .execute();
}
