import { randomBytes } from 'node:crypto';
import { fenToYuan } from '@oj/shared';
import type { Kysely } from 'kysely';
import { type Clock, nowIso } from '../../lib/time';
import type { PaymentProvider, ProviderOrderState } from './provider';
import { epochSeconds, NOTIFY_SIGNED, signed } from './sign';
import type { PaymentsTables } from './tables';

export interface SandboxProvider extends PaymentProvider {
  /**
   * The payer pressed 确认支付 on the checkout page: the sandbox posts the signed, form-encoded
   * notify to our notify endpoint over HTTP, as 蓝兔支付 would, and answers what the endpoint said.
   */
  pay(order: { out_trade_no: string; amount_fen: number }, notifyUrl: string): Promise<string>;
}

const MCH_ID = 'SANDBOX';

/**
 * The default provider, so a fresh install takes payments end to end without a merchant account:
 * its code_url is our own checkout page (`/pay/sandbox/{out_trade_no}`). Its state is in the
 * database (042_nodes), so every node of an install is the same sandbox: the payments it recorded
 * (what its order query answers) and its signing key, made by the first node that needs it and
 * never sent anywhere, so nobody outside the install can sign its notifies.
 */
export function sandboxProvider(cfg: {
  publicUrl: () => string;
  clock: Clock;
  db: Kysely<PaymentsTables>;
}): SandboxProvider {
  const { db } = cfg;
  const serial = () => `${cfg.clock.now()}${randomBytes(4).toString('hex')}`;
  let key: Promise<string> | null = null;

  const loadKey = async (): Promise<string> => {
    await db
      .insertInto('payment_sandbox_keys')
      .values({ mch_id: MCH_ID, key: randomBytes(24).toString('hex'), create_time: nowIso(cfg.clock) })
      .onConflict((oc) => oc.column('mch_id').doNothing())
      .execute();
    const row = await db
      .selectFrom('payment_sandbox_keys')
      .select('key')
      .where('mch_id', '=', MCH_ID)
      .executeTakeFirstOrThrow();
    return row.key;
  };
  const signingKey = () => {
    // A failed read is tried again on the next call, not remembered.
    key ??= loadKey().catch((err: unknown) => {
      key = null;
      throw err;
    });
    return key;
  };
  const payment = (outTradeNo: string) =>
    db.selectFrom('payment_sandbox').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();

  return {
    name: 'sandbox',
    mchId: MCH_ID,
    signingKey,
    async createNative(order) {
      return { code_url: `${cfg.publicUrl()}/pay/sandbox/${order.out_trade_no}` };
    },
    async query(outTradeNo): Promise<ProviderOrderState | null> {
      const paid = await payment(outTradeNo);
      return {
        paid: Boolean(paid),
        mch_id: MCH_ID,
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
      // The first payment of an order is kept (two nodes confirming at once: the same numbers).
      await db
        .insertInto('payment_sandbox')
        .values({
          out_trade_no: order.out_trade_no,
          order_no: `SB${serial()}`,
          pay_no: `SBP${serial()}`,
          amount_fen: order.amount_fen,
          create_time: nowIso(cfg.clock),
        })
        .onConflict((oc) => oc.column('out_trade_no').doNothing())
        .execute();
      const paid = (await payment(order.out_trade_no))!;
      const form = signed(
        {
          code: '0',
          timestamp: epochSeconds(cfg.clock.now()),
          mch_id: MCH_ID,
          order_no: paid.order_no,
          out_trade_no: order.out_trade_no,
          pay_no: paid.pay_no,
          total_fee: fenToYuan(paid.amount_fen),
          pay_channel: 'sandbox',
        },
        NOTIFY_SIGNED,
        await signingKey(),
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
