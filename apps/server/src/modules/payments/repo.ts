import type { OrderStatus } from '@oj/shared';
import { type Insertable, type Kysely, sql, type SqlBool } from 'kysely';
import { paginateQuery } from '../../lib/pagination';
import type { OrderRow, OrdersTable, PaymentEventsTable, PaymentIgnoredTable, PaymentsTables } from './tables';

/**
 * The payments tables (orders, payment_events, payment_ignored and its counts): only this module
 * touches them, through these functions, each taking the module's handle (or a transaction) first.
 */
type Db = Kysely<PaymentsTables>;

/** Runs `fn` in one transaction; the repo functions it calls take `trx` as their handle. */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}

/** Statuses a payment may still settle: open, or closed before the money arrived. */
export const SETTLEABLE: OrderStatus[] = ['created', 'closed'];

export function orderByNo(db: Db, outTradeNo: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();
}

export function ordersByNo(db: Db, nos: string[]): Promise<OrderRow[]> {
  if (!nos.length) return Promise.resolve([]);
  return db.selectFrom('orders').selectAll().where('out_trade_no', 'in', nos).execute();
}

/** An open order of this buyer for this item, channel and price that lives past `until`. */
export function openOrder(
  db: Db,
  o: { user_id: number; course_id: number; channel: string; amount_fen: number; until: string },
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', o.user_id)
    .where('course_id', '=', o.course_id)
    .where('channel', '=', o.channel as OrdersTable['channel'])
    .where('amount_fen', '=', o.amount_fen)
    .where('status', '=', 'created')
    .where('code_url', '!=', '')
    .where('expires_at', '>', o.until)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertOrder(db: Db, row: Insertable<OrdersTable>): Promise<void> {
  await db.insertInto('orders').values(row).execute();
}

export async function setCodeUrl(db: Db, outTradeNo: string, codeUrl: string): Promise<void> {
  await db.updateTable('orders').set({ code_url: codeUrl }).where('out_trade_no', '=', outTradeNo).execute();
}

/**
 * The one change from waiting to paid: conditional on the order still waiting, so a replayed or
 * concurrent notify (or query) changes nothing. Answers whether this call made the change.
 */
export async function markPaid(
  trx: Db,
  outTradeNo: string,
  paid: { order_no: string; pay_no: string; paid_at: string },
): Promise<boolean> {
  const res = await trx
    .updateTable('orders')
    .set({ status: 'paid', ...paid })
    .where('out_trade_no', '=', outTradeNo)
    .where('status', 'in', SETTLEABLE)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Paid → refunded, once. */
export async function markRefunded(
  trx: Db,
  outTradeNo: string,
  refund: { refunded_at: string; refund_reason: string },
): Promise<boolean> {
  const res = await trx
    .updateTable('orders')
    .set({ status: 'refunded', ...refund })
    .where('out_trade_no', '=', outTradeNo)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Closes an order that will not be paid (its provider order failed, or it expired unpaid). */
export async function markClosed(db: Db, outTradeNo: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'closed' })
    .where('out_trade_no', '=', outTradeNo)
    .where('status', '=', 'created')
    .execute();
}

/**
 * Takes the right to ask the provider about an order now: one caller per `QUERY_EVERY_MS`, across
 * concurrent requests and nodes (the row is the lock). `before`: the last query must be older.
 */
export async function claimQuery(db: Db, outTradeNo: string, now: string, before: string): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ last_query_at: now })
    .where('out_trade_no', '=', outTradeNo)
    .where('status', 'in', SETTLEABLE)
    .where((eb) => eb.or([eb('last_query_at', 'is', null), eb('last_query_at', '<=', before)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * The message that changed an order (paid, refunded), kept for audit: at most one of each per
 * order, so this table grows with the orders, never with what strangers post.
 */
export async function addEvent(db: Db, e: Insertable<PaymentEventsTable>): Promise<void> {
  await db
    .insertInto('payment_events')
    .values({ ...e, body: e.body.slice(0, 4000), out_trade_no: e.out_trade_no?.slice(0, 64) ?? null })
    .execute();
}

/** How many messages that changed nothing are kept in full, and how much of each. */
export const IGNORED_KEPT = 100;
export const IGNORED_BODY_MAX = 1000;

/**
 * A message that changed nothing (refused, or a replay): counted per source and outcome, and kept
 * among the last `IGNORED_KEPT` with its body cut, older ones dropped. Bounded whatever is posted:
 * the outcome is ours (never the sender's text), and the rest is cut to a fixed size.
 */
export async function addIgnored(db: Db, e: Insertable<PaymentIgnoredTable>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('payment_ignored_counts')
      .values({ source: e.source, outcome: e.outcome, count: 1, last_time: e.create_time })
      .onConflict((oc) =>
        oc.columns(['source', 'outcome']).doUpdateSet({
          count: sql`${sql.ref('payment_ignored_counts.count')} + 1`,
          last_time: e.create_time,
        }),
      )
      .execute();
    await trx
      .insertInto('payment_ignored')
      .values({
        ...e,
        body: e.body.slice(0, IGNORED_BODY_MAX),
        out_trade_no: e.out_trade_no?.slice(0, 64) ?? null,
        address: e.address?.slice(0, 64) ?? null,
      })
      .execute();
    await trx
      .deleteFrom('payment_ignored')
      .where('id', '<=', (eb) =>
        eb.selectFrom('payment_ignored').select('id').orderBy('id', 'desc').limit(1).offset(IGNORED_KEPT),
      )
      .execute();
  });
}

/** The paid orders of one buyer for one item, the first paid first (the one that granted it). */
export function paidOrders(db: Db, userId: number, courseId: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('status', '=', 'paid')
    .orderBy('paid_at')
    .orderBy('id')
    .execute();
}

/**
 * Once an item is paid, the buyer's other open orders for it are closed: the sandbox checkout
 * and the pay dialog stop offering them. A payment that still arrives settles a closed order (the
 * money was taken) and shows as a duplicate to refund.
 */
export async function closeOpenTwins(trx: Db, order: OrderRow): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status: 'closed' })
    .where('user_id', '=', order.user_id)
    .where('course_id', '=', order.course_id)
    .where('status', '=', 'created')
    .where('out_trade_no', '!=', order.out_trade_no)
    .execute();
}

/** Paid orders of the same buyer and item other than `orders`'s row (the outer query's). */
const twins = sql`from orders twin where twin.user_id = orders.user_id and twin.course_id = orders.course_id
  and twin.status = 'paid' and twin.id <> orders.id`;
/**
 * A paid order that another paid order of the same buyer and item preceded: a duplicate payment,
 * to refund. Computed, not stored, so it stays true after either of the two is refunded.
 */
const refundDue = sql<SqlBool>`(orders.status = 'paid' and exists (select 1 ${twins}
  and (twin.paid_at < orders.paid_at or (twin.paid_at = orders.paid_at and twin.id < orders.id))))`;

export function pageOfOrders(
  db: Db,
  page: { pageNum: number; pageSize: number },
  filter: { user_id?: number; status?: OrderStatus; refund_due?: boolean },
) {
  return paginateQuery(
    page,
    () => {
      let q = db.selectFrom('orders');
      if (filter.user_id !== undefined) q = q.where('user_id', '=', filter.user_id);
      if (filter.status !== undefined) q = q.where('status', '=', filter.status);
      if (filter.refund_due) q = q.where(refundDue);
      return q;
    },
    (q) =>
      q
        .selectAll()
        .select([
          refundDue.as('refund_due'),
          sql<number | string>`(select count(*) ${twins})`.as('other_paid'),
        ])
        .orderBy('id', 'desc'),
  );
}
