import type { OrderStatus } from '@oj/shared';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, OrderRow, OrdersTable, PaymentEventsTable } from '../../db/types';
import { paginateQuery } from '../../lib/pagination';

/** The payments tables (orders, payment_events) are this module's. */
type Executor = Kysely<Database> | Transaction<Database>;

/** Statuses a payment may still settle: open, or closed before the money arrived. */
export const SETTLEABLE: OrderStatus[] = ['created', 'closed'];

export function orderByNo(db: Executor, outTradeNo: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();
}

export function ordersByNo(db: Executor, nos: string[]): Promise<OrderRow[]> {
  if (!nos.length) return Promise.resolve([]);
  return db.selectFrom('orders').selectAll().where('out_trade_no', 'in', nos).execute();
}

/** An open order of this buyer for this item, channel and price that lives past `until`. */
export function openOrder(
  db: Executor,
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

export async function insertOrder(db: Executor, row: Insertable<OrdersTable>): Promise<void> {
  await db.insertInto('orders').values(row).execute();
}

export async function setCodeUrl(db: Executor, outTradeNo: string, codeUrl: string): Promise<void> {
  await db.updateTable('orders').set({ code_url: codeUrl }).where('out_trade_no', '=', outTradeNo).execute();
}

/**
 * The one change from waiting to paid: conditional on the order still waiting, so a replayed or
 * concurrent notify (or query) changes nothing. Answers whether this call made the change.
 */
export async function markPaid(
  trx: Executor,
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
  trx: Executor,
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
export async function markClosed(db: Executor, outTradeNo: string): Promise<void> {
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
export async function claimQuery(db: Executor, outTradeNo: string, now: string, before: string): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ last_query_at: now })
    .where('out_trade_no', '=', outTradeNo)
    .where('status', 'in', SETTLEABLE)
    .where((eb) => eb.or([eb('last_query_at', 'is', null), eb('last_query_at', '<=', before)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The raw notifies and settling answers, kept for audit (the body cut at 4000 characters). */
export async function addEvent(db: Executor, e: Insertable<PaymentEventsTable>): Promise<void> {
  await db
    .insertInto('payment_events')
    .values({ ...e, body: e.body.slice(0, 4000), out_trade_no: e.out_trade_no?.slice(0, 64) ?? null })
    .execute();
}

export function pageOfOrders(
  db: Kysely<Database>,
  page: { pageNum: number; pageSize: number },
  filter: { user_id?: number; status?: OrderStatus },
) {
  return paginateQuery(
    page,
    () => {
      let q = db.selectFrom('orders');
      if (filter.user_id !== undefined) q = q.where('user_id', '=', filter.user_id);
      if (filter.status !== undefined) q = q.where('status', '=', filter.status);
      return q;
    },
    (q) => q.selectAll().orderBy('id', 'desc'),
  );
}
