import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migrate';

/** How many messages that changed nothing are kept in full (repo.ts prunes to the same number). */
const KEPT = 100;

/**
 * Issue 22 (payments): anyone can post to the notify endpoint, so what a message that changes
 * nothing leaves behind must be bounded. `payment_events` keeps only what changed an order (paid,
 * refunded: at most one of each per order); refused and replayed messages become a counter per
 * source and outcome plus the last `KEPT` of them (`payment_ignored`). The rows an install already
 * holds are moved the same way. And an index for the per-buyer, per-course checks (no second
 * payment for a course; a refund takes the course back only when no other paid order remains).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('payment_ignored')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
    .addColumn('out_trade_no', 'varchar(64)')
    .addColumn('address', 'varchar(64)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('create_time', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('payment_ignored_counts')
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('last_time', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_ignored_counts_pk', ['source', 'outcome'])
    .execute();

  const ignored = sql`outcome not in ('paid', 'refunded')`;
  await sql`insert into payment_ignored_counts (source, outcome, count, last_time)
    select source, outcome, count(*), max(create_time) from payment_events where ${ignored}
    group by source, outcome`.execute(db);
  await sql`insert into payment_ignored (source, outcome, out_trade_no, address, body, create_time)
    select source, outcome, out_trade_no, null, substr(body, 1, 1000), create_time from (
      select * from payment_events where ${ignored} order by id desc limit ${sql.lit(KEPT)}
    ) kept order by id`.execute(db);
  await sql`delete from payment_events where ${ignored}`.execute(db);

  await db.schema.createIndex('orders_buyer_item').on('orders').columns(['user_id', 'course_id', 'status']).execute();
}
