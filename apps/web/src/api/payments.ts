import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminOrderPage,
  LantuPayResult,
  LantuPayStatus,
  OrderPage,
  OrderStatus,
  PayChannel,
} from '../lib/contract';
import { PAYMENT_RULES } from '../lib/contract';
import { get, post } from './http';
import { useInvalidate } from './query';

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

// ---------------------------------------------------------------- query hooks

export const paymentKeys = {
  all: ['payments'] as const,
  order: (courseId: number, channel: PayChannel) => ['payments', 'order', courseId, channel] as const,
  status: (outTradeNo: string | undefined) => ['payments', 'status', outTradeNo] as const,
  mine: ['payments', 'mine'] as const,
  minePage: (page: number) => ['payments', 'mine', page] as const,
  admin: ['payments', 'admin'] as const,
  adminPage: (page: number, filter: string) => ['payments', 'admin', 'page', page, filter] as const,
  refundDueCount: ['payments', 'admin', 'refund-due-count'] as const,
};

/** The pay dialog's order: made while the dialog is open, never kept (gcTime 0), not retried. */
export const usePayOrder = (courseId: number, channel: PayChannel, enabled: boolean) =>
  useQuery({
    queryKey: paymentKeys.order(courseId, channel),
    queryFn: () => payForCourse(courseId, channel),
    enabled,
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
/** The order's status, polled (also in the background: the buyer pays on a phone) until paid. */
export const usePayStatus = (outTradeNo: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: paymentKeys.status(outTradeNo),
    queryFn: () => payStatus(outTradeNo!),
    enabled: enabled && Boolean(outTradeNo),
    refetchInterval: (q) => (q.state.data?.paid ? false : PAYMENT_RULES.pollMs),
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
export const useMyOrders = (page: number) =>
  useQuery({ queryKey: paymentKeys.minePage(page), queryFn: () => myOrders(page), placeholderData: keepPreviousData });
export const useRefreshMyOrders = () => useInvalidate(paymentKeys.mine);

/** `filter`: a status, 'all', or 'refund_due' (the duplicate payments due for a refund). */
export const useAdminOrders = (page: number, filter: OrderStatus | 'all' | 'refund_due') =>
  useQuery({
    queryKey: paymentKeys.adminPage(page, filter),
    queryFn: () => adminOrders(page, filter === 'all' || filter === 'refund_due' ? undefined : filter, filter === 'refund_due'),
    placeholderData: keepPreviousData,
  });
/** How many are due for a refund, whatever the list shows. */
export const useRefundDueCount = () =>
  useQuery({ queryKey: paymentKeys.refundDueCount, queryFn: () => adminOrders(1, undefined, true, 1) });
/** After a refund: every page and the count. */
export const useRefreshAdminOrders = () => useInvalidate(paymentKeys.admin);
