import { z } from 'zod';
import { fieldLabel } from '../field-labels';
import { pageOf, pageQuery } from '../paging';
import { ORDER_STATUSES, PAY_CHANNELS, PAY_PROVIDERS, PAYMENT_RULES } from './payments-rules';

export * from './payments-rules';

/**
 * Contract of the payments (issue 13, SPEC §7 Payment): `lantu/pay`, `lantu/pay/status`, my
 * orders and the management list and refund. Amounts are integer fen; the amount of an order is
 * the catalog's price, never a field of a request.
 */

const positiveId = (field: string) =>
  z
    .number({ error: `${fieldLabel([field])}必须是整数` })
    .int(`${fieldLabel([field])}必须是整数`)
    .min(1, `${fieldLabel([field])}必须是正整数`);

const outTradeNo = z
  .string({ error: '订单号不能为空' })
  .trim()
  .regex(/^[A-Za-z0-9]{1,32}$/, '订单号只能由字母和数字组成，不超过 32 位');

export const PayChannelSchema = z.enum(PAY_CHANNELS, { error: '支付方式必须是微信支付或支付宝' });

/** lantuPayRequest: what to buy and how; the price comes from the catalog. */
export const LantuPayRequest = z.strictObject(
  { course_id: positiveId('course_id'), channel: PayChannelSchema },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? '金额由服务器按课程价格决定，请求中不能带其他字段' : undefined) },
);
export type LantuPayRequest = z.infer<typeof LantuPayRequest>;

export const LantuPayResult = z.object({
  out_trade_no: z.string(),
  code_url: z.string(),
  amount_fen: z.number().int(),
  expires_at: z.string(),
  title: z.string(),
  channel: PayChannelSchema,
  provider: z.enum(PAY_PROVIDERS),
  /** The local checkout page of the sandbox provider; null with a real provider. */
  checkout_url: z.string().nullable(),
});
export type LantuPayResult = z.infer<typeof LantuPayResult>;

/** lantuPayOtherRequest: an order of ours. */
export const LantuOrderRequest = z.object({ out_trade_no: outTradeNo });
export type LantuOrderRequest = z.infer<typeof LantuOrderRequest>;

export const OrderStatusSchema = z.enum(ORDER_STATUSES, { error: '订单状态不正确' });

export const LantuPayStatus = z.object({
  out_trade_no: z.string(),
  paid: z.boolean(),
  status: OrderStatusSchema,
  course_id: z.number().int(),
  amount_fen: z.number().int(),
  paid_at: z.string().nullable(),
});
export type LantuPayStatus = z.infer<typeof LantuPayStatus>;

/** An order as its owner sees it. */
export const OrderView = z.object({
  out_trade_no: z.string(),
  course_id: z.number().int(),
  title: z.string(),
  amount_fen: z.number().int(),
  channel: PayChannelSchema,
  provider: z.enum(PAY_PROVIDERS),
  status: OrderStatusSchema,
  create_time: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type OrderView = z.infer<typeof OrderView>;

/** An order in the management list: the buyer and the provider's numbers too. */
export const AdminOrderView = OrderView.extend({
  uuid: z.number().int(),
  username: z.string(),
  order_no: z.string().nullable(),
  pay_no: z.string().nullable(),
  refund_reason: z.string().nullable(),
  /**
   * A duplicate payment: paid while an earlier paid order of the same buyer for the same course
   * stands. The buyer keeps the course either way; this one is due for a refund.
   */
  refund_due: z.boolean(),
  /** The buyer's other paid orders for this course (a refund takes the course back only at 0). */
  other_paid: z.number().int(),
});
export type AdminOrderView = z.infer<typeof AdminOrderView>;

export const OrderPage = pageOf(OrderView);
export type OrderPage = z.infer<typeof OrderPage>;
export const AdminOrderPage = pageOf(AdminOrderView);
export type AdminOrderPage = z.infer<typeof AdminOrderPage>;

export const OrdersQuery = pageQuery();
export type OrdersQuery = z.infer<typeof OrdersQuery>;
export const AdminOrdersQuery = pageQuery().extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), OrderStatusSchema.optional()),
  /** `1`: only the duplicate payments due for a refund. */
  refund_due: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['0', '1'], { error: '待退款筛选只能是 0 或 1' }).optional(),
  ),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

export const RefundRequest = z.object({
  out_trade_no: outTradeNo,
  reason: z
    .string({ error: '退款原因不能为空' })
    .trim()
    .min(1, '退款原因不能为空')
    .max(PAYMENT_RULES.refundReasonMax, `退款原因不能超过 ${PAYMENT_RULES.refundReasonMax} 个字符`),
});
export type RefundRequest = z.infer<typeof RefundRequest>;
