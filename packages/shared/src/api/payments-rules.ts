// The payment vocabulary as plain constants (no zod): the server's schemas use them and the sites
// import them by path without pulling zod into their first load.

/** 微信支付 and 支付宝, named as the provider's paths name them (`/api/wxpay/native`). */
export const PAY_CHANNELS = ['wxpay', 'alipay'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];
export const PAY_CHANNEL_LABELS: Record<PayChannel, string> = { wxpay: '微信支付', alipay: '支付宝' };

/**
 * An order's life: `created` (waiting for the payment), `paid` (the item granted), `refunded`
 * (money returned, the item taken back), `closed` (expired or superseded; a late payment still
 * settles it, since the money was taken).
 */
export const ORDER_STATUSES = ['created', 'paid', 'refunded', 'closed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  created: '待支付',
  paid: '已支付',
  refunded: '已退款',
  closed: '已关闭',
};

export const PAY_PROVIDERS = ['sandbox', 'lantu'] as const;
export type PayProvider = (typeof PAY_PROVIDERS)[number];

/** How often the sites ask for an open order's status, and the reason's length limit. */
export const PAYMENT_RULES = { pollMs: 2000, refundReasonMax: 100, outTradeNoMax: 32 } as const;

/** 1234 fen → "12.34" (the provider's yuan with two decimals; the sites show ¥12.34). */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
