import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The 蓝兔支付 signature (the WeChat Pay V2 one): the non-empty signed fields sorted by name, joined
 * as `k=v` with `&`, then `&key=KEY`, MD5, upper case. Only the fields a call names are signed;
 * optional ones (attach, time_expire …) travel unsigned.
 */
export type Fields = Record<string, string | number | null | undefined>;

/** Fields of the native pay request (`/api/wxpay/native`, `/api/alipay/native`). */
export const NATIVE_SIGNED = ['mch_id', 'out_trade_no', 'total_fee', 'body', 'timestamp', 'notify_url'] as const;
/** Fields of the payment notify the provider posts to us. */
export const NOTIFY_SIGNED = [
  'code',
  'timestamp',
  'mch_id',
  'order_no',
  'out_trade_no',
  'pay_no',
  'total_fee',
] as const;
/** Fields of the order query (`get_pay_order`). */
export const QUERY_SIGNED = ['mch_id', 'out_trade_no', 'timestamp'] as const;
/** Fields of the refund (`refund_order`). */
export const REFUND_SIGNED = ['mch_id', 'out_trade_no', 'out_refund_no', 'timestamp', 'refund_fee'] as const;

export function lantuSign(fields: Fields, names: readonly string[], key: string): string {
  const text = [...names]
    .sort()
    .filter((n) => fields[n] !== undefined && fields[n] !== null && String(fields[n]) !== '')
    .map((n) => `${n}=${String(fields[n])}`)
    .join('&');
  return createHash('md5').update(`${text}&key=${key}`, 'utf8').digest('hex').toUpperCase();
}

/** Whether `fields.sign` is the signature of the named fields (constant time). */
export function signatureValid(fields: Fields, names: readonly string[], key: string): boolean {
  const given = Buffer.from(String(fields.sign ?? '').toUpperCase());
  const expected = Buffer.from(lantuSign(fields, names, key));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `fields` plus their `sign`, ready to post. */
export function signed(fields: Fields, names: readonly string[], key: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) out[k] = String(v);
  out.sign = lantuSign(fields, names, key);
  return out;
}

/** "12.34" (yuan, at most two decimals) → 1234 fen, exactly; null when it is not an amount. */
export function yuanToFen(text: string | number | null | undefined): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(text ?? '').trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Seconds since the epoch, as the provider's `timestamp` fields carry it. */
export const epochSeconds = (ms: number) => String(Math.floor(ms / 1000));
