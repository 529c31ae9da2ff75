import type { AdminOrderView, LantuPayResult, LantuPayStatus, OrderView } from '@oj/shared';
import type { OrderRow } from './tables';

/** An order as its owner sees it: never the provider's numbers or the refund note. */
export function presentOrder(o: OrderRow): OrderView {
  return {
    out_trade_no: o.out_trade_no,
    course_id: o.course_id,
    title: o.title,
    amount_fen: o.amount_fen,
    channel: o.channel,
    provider: o.provider,
    status: o.status,
    create_time: o.create_time,
    expires_at: o.expires_at,
    paid_at: o.paid_at,
    refunded_at: o.refunded_at,
  };
}

/** `refund_due` and `other_paid` come computed with the row (repo.pageOfOrders). */
export function presentAdminOrder(
  o: OrderRow & { refund_due: unknown; other_paid: number | string },
  buyer: { username: string } | undefined,
): AdminOrderView {
  return {
    ...presentOrder(o),
    uuid: o.user_id,
    username: buyer?.username ?? '已注销用户',
    order_no: o.order_no,
    pay_no: o.pay_no,
    refund_reason: o.refund_reason,
    // SQLite answers 0/1, PostgreSQL a boolean; a count may come as a string.
    refund_due: Boolean(Number(o.refund_due)),
    other_paid: Number(o.other_paid),
  };
}

export function presentPayResult(o: OrderRow): LantuPayResult {
  return {
    out_trade_no: o.out_trade_no,
    code_url: o.code_url,
    amount_fen: o.amount_fen,
    expires_at: o.expires_at,
    title: o.title,
    channel: o.channel,
    provider: o.provider,
    checkout_url: o.provider === 'sandbox' ? o.code_url : null,
  };
}

export function presentStatus(o: OrderRow): LantuPayStatus {
  return {
    out_trade_no: o.out_trade_no,
    paid: o.status === 'paid',
    status: o.status,
    course_id: o.course_id,
    amount_fen: o.amount_fen,
    paid_at: o.paid_at,
  };
}
