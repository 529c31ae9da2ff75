import { randomBytes } from 'node:crypto';
import { ErrorCode, type LantuPayRequest, type OrdersQuery } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { isoIn, nowIso } from '../../lib/time';
import { notifyUrl, ORDER_TTL_MS, type Payments, QUERY_EVERY_MS, REUSE_MARGIN_MS } from './deps';
import { presentOrder, presentPayResult, presentStatus } from './present';
import { ProviderError } from './provider';
import * as repo from './repo';
import { settle } from './settle';
import type { OrderRow } from './tables';

/** Ours: OJ + UTC yyyymmddHHMMss + 12 hex digits (28 characters, letters and digits only). */
function newOutTradeNo(now: number): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  return `OJ${stamp}${randomBytes(6).toString('hex')}`;
}

const unavailable = (err: unknown) =>
  new AppError(
    ErrorCode.Unavailable,
    `支付服务暂时不可用，请稍后再试${err instanceof ProviderError ? `（${err.message}）` : ''}`,
  );

/**
 * `lantu/pay`: an order for an item at the catalog's price (never the client's), with the
 * provider's payment link. Refused for an item the buyer owns or has a paid order for. An open
 * order of the same buyer, item, channel and price is answered again instead of a new one, so
 * reopening the dialog does not pile up orders.
 */
export async function pay(d: Payments, viewer: Viewer, req: LantuPayRequest) {
  const item = await d.catalog.priceOf(req.course_id);
  if (!item) throw notFound(`课程 ${req.course_id} 不存在或不可购买`);
  if (!Number.isInteger(item.price_fen) || item.price_fen <= 0)
    throw badRequest('这是免费课程，无需支付，直接加入即可', 'course_id');
  if (await d.catalog.isMember(req.course_id, viewer.uuid)) throw conflict('你已加入该课程，无需重复购买');
  // Paid but not granted yet (the grant waits in the outbox): still bought, not to be paid twice.
  if ((await repo.paidOrders(d.db, viewer.uuid, req.course_id)).length)
    throw conflict('你已购买该课程，无需重复购买');

  const now = d.clock.now();
  const open = await repo.openOrder(d.db, {
    user_id: viewer.uuid,
    course_id: req.course_id,
    channel: req.channel,
    amount_fen: item.price_fen,
    until: new Date(now + REUSE_MARGIN_MS).toISOString(),
  });
  if (open && open.provider === d.provider.name) return presentPayResult(open);

  // The row exists before the provider's order does: a payment can never arrive for an order we lack.
  const row: OrderRow = {
    id: 0,
    out_trade_no: newOutTradeNo(now),
    user_id: viewer.uuid,
    course_id: req.course_id,
    title: item.title.slice(0, 200),
    amount_fen: item.price_fen,
    channel: req.channel,
    provider: d.provider.name,
    status: 'created',
    order_no: null,
    pay_no: null,
    code_url: '',
    expires_at: isoIn(ORDER_TTL_MS, d.clock),
    paid_at: null,
    refunded_at: null,
    refund_reason: null,
    last_query_at: null,
    create_time: nowIso(d.clock),
  };
  const { id: _id, ...insert } = row;
  await repo.insertOrder(d.db, insert);
  try {
    const { code_url } = await d.provider.createNative({
      out_trade_no: row.out_trade_no,
      amount_fen: row.amount_fen,
      body: row.title,
      channel: row.channel,
      notify_url: notifyUrl(d),
    });
    await repo.setCodeUrl(d.db, row.out_trade_no, code_url);
    return presentPayResult({ ...row, code_url });
  } catch (err) {
    await repo.markClosed(d.db, row.out_trade_no);
    d.onError(err, `creating the provider order ${row.out_trade_no}`);
    throw unavailable(err);
  }
}

/** The viewer's own order; someone else's is answered as missing (its number tells nothing). */
async function ownOrder(d: Payments, viewer: Viewer, outTradeNo: string): Promise<OrderRow> {
  const order = await repo.orderByNo(d.db, outTradeNo);
  if (!order || order.user_id !== viewer.uuid) throw notFound(`订单 ${outTradeNo} 不存在`);
  return order;
}

/**
 * `lantu/pay/status`: the order's state for its owner. While no notify has settled it, the
 * provider's order query is asked — at most once per 5 s per order — and a payment it reports
 * settles the order the same way a notify does.
 */
export async function payStatus(d: Payments, viewer: Viewer, outTradeNo: string) {
  let order = await ownOrder(d, viewer, outTradeNo);
  if (!repo.SETTLEABLE.includes(order.status)) return presentStatus(order);
  const now = d.clock.now();
  const claimed = await repo.claimQuery(
    d.db,
    order.out_trade_no,
    new Date(now).toISOString(),
    new Date(now - QUERY_EVERY_MS).toISOString(),
  );
  if (!claimed) return presentStatus(order);
  try {
    const state = await d.provider.query(order.out_trade_no, order.channel);
    if (state?.paid && state.out_trade_no === order.out_trade_no) {
      await settle(d, state, { source: 'query', body: JSON.stringify(state) });
    } else if (order.status === 'created' && order.expires_at <= new Date(now).toISOString()) {
      await repo.markClosed(d.db, order.out_trade_no);
    }
  } catch (err) {
    d.onError(err, `querying the provider about ${order.out_trade_no}`);
  }
  order = (await repo.orderByNo(d.db, order.out_trade_no)) ?? order;
  return presentStatus(order);
}

/** Any order by its number: the sandbox checkout page serves whoever holds the link. */
export function checkoutOrder(d: Payments, outTradeNo: string): Promise<OrderRow | undefined> {
  return repo.orderByNo(d.db, outTradeNo);
}

export async function myOrders(d: Payments, viewer: Viewer, q: OrdersQuery) {
  const page = await repo.pageOfOrders(d.db, q, { user_id: viewer.uuid });
  return { ...page, records: page.records.map(presentOrder) };
}
