import { ErrorCode, type AdminOrdersQuery, type RefundRequest } from '@oj/shared';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { type Payments, REFUNDED_TOPIC } from './deps';
import { presentAdminOrder } from './present';
import { ProviderError } from './provider';
import * as repo from './repo';
import { grantNow } from './settle';

/**
 * The management list of orders (every buyer), newest first, optionally of one status or only the
 * duplicate payments due for a refund.
 */
export async function adminOrders(d: Payments, q: AdminOrdersQuery) {
  const page = await repo.pageOfOrders(d.db, q, { status: q.status, refund_due: q.refund_due === '1' });
  const buyers = await d.users.briefs(page.records.map((o) => o.user_id));
  return { ...page, records: page.records.map((o) => presentAdminOrder(o, buyers.get(o.user_id))) };
}

/**
 * An admin refunds a paid order: the provider returns the money first (one refund number per
 * order, so a repeated request is not paid twice), then one transaction marks the order refunded —
 * only if it is still paid — and records the revocation in the outbox: the buyer leaves the course
 * unless another paid order of theirs for it remains (settle.ts, `revoke`).
 */
export async function refund(d: Payments, req: RefundRequest): Promise<void> {
  const order = await repo.orderByNo(d.db, req.out_trade_no);
  if (!order) throw notFound(`订单 ${req.out_trade_no} 不存在`);
  if (order.status === 'refunded') throw badRequest('该订单已经退款', 'out_trade_no');
  if (order.status !== 'paid') throw badRequest('只有已支付的订单可以退款', 'out_trade_no');
  try {
    await d.provider.refund({
      out_trade_no: order.out_trade_no,
      amount_fen: order.amount_fen,
      channel: order.channel,
      reason: req.reason,
    });
  } catch (err) {
    d.onError(err, `refunding ${order.out_trade_no}`);
    const why = err instanceof ProviderError ? `：${err.message}` : '';
    throw new AppError(ErrorCode.Unavailable, `退款失败${why}，请稍后再试`);
  }
  const record = { out_trade_no: order.out_trade_no, body: JSON.stringify({ reason: req.reason }), create_time: nowIso(d.clock) };
  const changed = await repo.inTransaction(d.db, async (trx) => {
    const done = await repo.markRefunded(trx, order.out_trade_no, {
      refunded_at: nowIso(d.clock),
      refund_reason: req.reason,
    });
    if (done) {
      await d.outbox.add(trx, REFUNDED_TOPIC, order.out_trade_no);
      await repo.addEvent(trx, { ...record, source: 'refund', outcome: 'refunded' });
    }
    return done;
  });
  // A concurrent second refund of the same order: the provider refunds once (same refund number).
  if (!changed) await repo.addIgnored(d.db, { ...record, source: 'refund', outcome: 'replay', address: null });
  await grantNow(d);
}
