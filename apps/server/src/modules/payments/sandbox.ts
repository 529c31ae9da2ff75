import { randomBytes } from 'node:crypto';
import { fenToYuan } from '@oj/shared';
import type { Clock } from '../../lib/time';
import type { PaymentProvider, ProviderOrderState } from './provider';
import { epochSeconds, NOTIFY_SIGNED, signed } from './sign';

/** The sandbox's side of a paid order (what its order query answers). */
interface SandboxPayment {
  order_no: string;
  pay_no: string;
  amount_fen: number;
}

export interface SandboxProvider extends PaymentProvider {
  /**
   * The payer pressed 确认支付 on the checkout page: the sandbox posts the signed, form-encoded
   * notify to our notify endpoint over HTTP, as 蓝兔支付 would, and answers what the endpoint said.
   */
  pay(order: { out_trade_no: string; amount_fen: number }, notifyUrl: string): Promise<string>;
}

/**
 * The default provider, so a fresh install takes payments end to end without a merchant account:
 * its code_url is our own checkout page (`/pay/sandbox/{out_trade_no}`). Its key is made at start
 * and never leaves the process, so nobody else can sign its notifies.
 */
export function sandboxProvider(cfg: { publicUrl: () => string; clock: Clock }): SandboxProvider {
  const mchId = 'SANDBOX';
  const key = randomBytes(24).toString('hex');
  const payments = new Map<string, SandboxPayment>();
  const serial = () => `${Date.now()}${randomBytes(4).toString('hex')}`;

  return {
    name: 'sandbox',
    mchId,
    key,
    async createNative(order) {
      return { code_url: `${cfg.publicUrl()}/pay/sandbox/${order.out_trade_no}` };
    },
    async query(outTradeNo): Promise<ProviderOrderState | null> {
      const paid = payments.get(outTradeNo);
      return {
        paid: Boolean(paid),
        mch_id: mchId,
        out_trade_no: outTradeNo,
        order_no: paid?.order_no ?? '',
        pay_no: paid?.pay_no ?? '',
        amount_fen: paid?.amount_fen ?? null,
      };
    },
    async refund() {
      // Nothing to return: no money moved.
    },
    async pay(order, notifyUrl) {
      const payment = payments.get(order.out_trade_no) ?? {
        order_no: `SB${serial()}`,
        pay_no: `SBP${serial()}`,
        amount_fen: order.amount_fen,
      };
      payments.set(order.out_trade_no, payment);
      const form = signed(
        {
          code: '0',
          timestamp: epochSeconds(cfg.clock.now()),
          mch_id: mchId,
          order_no: payment.order_no,
          out_trade_no: order.out_trade_no,
          pay_no: payment.pay_no,
          total_fee: fenToYuan(payment.amount_fen),
          pay_channel: 'sandbox',
        },
        NOTIFY_SIGNED,
        key,
      );
      const res = await fetch(notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      return (await res.text()).trim();
    },
  };
}
