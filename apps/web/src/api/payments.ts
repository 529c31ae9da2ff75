import type {
  AdminOrderPage,
  LantuPayResult,
  LantuPayStatus,
  OrderPage,
  OrderStatus,
  PayChannel,
} from '../lib/contract';
import { get, post } from './http';

/** Calls of SPEC §7 Payment (issue 13), typed by packages/shared/src/api/payments.ts. */

const L = '/api/lantu';

/**
 * An order for a course at its price (the server's, never ours) and its payment link. Silent: the
 * pay dialog shows the refusal itself (already a member, free course …).
 */
export const payForCourse = (course_id: number, channel: PayChannel) =>
  post<LantuPayResult>(`${L}/pay`, { json: { course_id, channel }, silent: true });
/** Polled while the pay dialog is open: failures stay silent (the next poll tries again). */
export const payStatus = (out_trade_no: string) =>
  post<LantuPayStatus>(`${L}/pay/status`, { json: { out_trade_no }, silent: true });
export const myOrders = (pageNum: number) => get<OrderPage>(`${L}/orders`, { query: { pageNum } });
/** `refundDue`: only the duplicate payments due for a refund. */
export const adminOrders = (pageNum: number, status?: OrderStatus, refundDue = false, pageSize?: number) =>
  get<AdminOrderPage>(`${L}/admin/orders`, {
    query: { pageNum, status, refund_due: refundDue ? '1' : undefined, pageSize },
  });
export const refundOrder = (out_trade_no: string, reason: string) =>
  post<null>(`${L}/admin/refund`, { json: { out_trade_no, reason } });
