import type { AdminOrdersQuery, LantuPayRequest, OrdersQuery, RefundRequest } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import * as admin from './admin';
import { notifyUrl, type Payments, type PaymentsDeps } from './deps';
import { lantuProvider } from './lantu';
import * as orders from './orders';
import { sandboxProvider, type SandboxProvider } from './sandbox';
import { acceptNotify, registerConsumers } from './settle';

/**
 * Payments (issue 13): orders for items of a catalog (the courses, linked by the composition
 * root), paid through 蓝兔支付 or the local sandbox, settled exactly once by verified notifies or
 * the order query, refunded by admins. Operations live in orders.ts, settle.ts and admin.ts.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { payment, clock } = deps.config;
  const sandbox: SandboxProvider | null =
    payment.provider === 'sandbox'
      ? sandboxProvider({ publicUrl: () => deps.config.publicUrl, clock, db: deps.db })
      : null;
  const d: Payments = {
    ...deps,
    clock,
    provider: sandbox ?? lantuProvider({ ...payment, clock }),
  };
  registerConsumers(d);
  return {
    provider: d.provider.name,
    pay: (viewer: Viewer, req: LantuPayRequest) => orders.pay(d, viewer, req),
    status: (viewer: Viewer, outTradeNo: string) => orders.payStatus(d, viewer, outTradeNo),
    myOrders: (viewer: Viewer, q: OrdersQuery) => orders.myOrders(d, viewer, q),
    notify: (form: Record<string, string>, raw: string, from: Parameters<typeof acceptNotify>[3]) =>
      acceptNotify(d, form, raw, from),
    adminOrders: (q: AdminOrdersQuery) => admin.adminOrders(d, q),
    refund: (req: RefundRequest) => admin.refund(d, req),
    /** The sandbox checkout (null with a real provider): the order, and paying it. */
    sandbox: sandbox && {
      order: (outTradeNo: string) => orders.checkoutOrder(d, outTradeNo),
      pay: (order: { out_trade_no: string; amount_fen: number }) => sandbox.pay(order, notifyUrl(d)),
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
