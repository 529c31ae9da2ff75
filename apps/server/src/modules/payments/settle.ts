import type { OrderRow } from '../../db/types';
import type { OutboxItem } from '../../lib/outbox';
import { nowIso } from '../../lib/time';
import { PAID_TOPIC, type Payments, REFUNDED_TOPIC } from './deps';
import { addEvent, markPaid, orderByNo, ordersByNo } from './repo';
import { NOTIFY_SIGNED, signatureValid, yuanToFen } from './sign';

/** What the provider says was paid: from a notify or from its order query. */
export interface PaymentProof {
  mch_id: string;
  out_trade_no: string;
  order_no: string;
  pay_no: string;
  amount_fen: number | null;
}

export type Verdict = 'paid' | 'replay' | 'bad_sign' | 'not_paid' | 'wrong_mch' | 'unknown_order' | 'wrong_amount';

/**
 * Settles an order on a proof of payment: checks the merchant, the order and the amount, then in
 * one transaction marks it paid — only if it still waits (`markPaid`) — keeps the raw message and
 * records the grant in the outbox, so the grant happens exactly when the paid mark does, even across
 * a crash. A replay or a concurrent duplicate finds the order paid and changes nothing.
 */
export async function settle(
  p: Payments,
  proof: PaymentProof,
  audit: { source: 'notify' | 'query'; body: string },
): Promise<Verdict> {
  const order = await orderByNo(p.db, proof.out_trade_no);
  let verdict: Verdict | null = null;
  if (proof.mch_id !== p.provider.mchId) verdict = 'wrong_mch';
  else if (!order) verdict = 'unknown_order';
  else if (proof.amount_fen !== order.amount_fen) verdict = 'wrong_amount';
  if (verdict || !order) {
    await addEvent(p.db, { ...audit, out_trade_no: proof.out_trade_no, outcome: verdict ?? 'unknown_order', create_time: nowIso(p.clock) });
    return verdict ?? 'unknown_order';
  }
  const changed = await p.db.transaction().execute(async (trx) => {
    const paid = await markPaid(trx, order.out_trade_no, {
      order_no: proof.order_no.slice(0, 64),
      pay_no: proof.pay_no.slice(0, 64),
      paid_at: nowIso(p.clock),
    });
    if (paid) await p.outbox.add(trx, PAID_TOPIC, order.out_trade_no);
    await addEvent(trx, { ...audit, out_trade_no: order.out_trade_no, outcome: paid ? 'paid' : 'replay', create_time: nowIso(p.clock) });
    return paid;
  });
  // The grant runs now (on this node) so the buyer is a member by the time we answer; the outbox
  // keeps it if it fails, and any node retries it.
  if (changed) await grantNow(p);
  return changed ? 'paid' : 'replay';
}

/**
 * The notify of `POST /api/lantu/notify`: SUCCESS only for a verified payment of a known order of
 * ours with the right merchant and amount, settled now or before (replays); FAIL otherwise, and
 * nothing changes. Every notify is kept with what was made of it.
 */
export async function acceptNotify(p: Payments, form: Record<string, string>, raw: string): Promise<'SUCCESS' | 'FAIL'> {
  const audit = { source: 'notify' as const, body: raw };
  const reject = async (outcome: Verdict) => {
    await addEvent(p.db, { ...audit, out_trade_no: form.out_trade_no ?? null, outcome, create_time: nowIso(p.clock) });
    return 'FAIL' as const;
  };
  if (!signatureValid(form, NOTIFY_SIGNED, p.provider.key)) return reject('bad_sign');
  if (form.code !== '0') return reject('not_paid');
  const verdict = await settle(
    p,
    {
      mch_id: form.mch_id ?? '',
      out_trade_no: form.out_trade_no ?? '',
      order_no: form.order_no ?? '',
      pay_no: form.pay_no ?? '',
      amount_fen: yuanToFen(form.total_fee),
    },
    audit,
  );
  return verdict === 'paid' || verdict === 'replay' ? 'SUCCESS' : 'FAIL';
}

/** Runs the outbox now; a failure is reported and the items stay for the next pass. */
export async function grantNow(p: Payments): Promise<void> {
  try {
    await p.outbox.drain();
  } catch (err) {
    p.onError(err, 'payments outbox pass');
  }
}

/**
 * The outbox consumers: each re-reads the order and acts on what it is now (delivery is at least
 * once, and a refund may have overtaken a grant): a paid order is granted, a refunded one taken back.
 */
export function registerConsumers(p: Payments): void {
  const each = (status: OrderRow['status'], act: (o: OrderRow) => Promise<void>) => async (items: OutboxItem[]) => {
    for (const order of await ordersByNo(p.db, items.map((i) => i.key)))
      if (order.status === status) await act(order);
  };
  p.outbox.consume(
    PAID_TOPIC,
    each('paid', (o) => p.catalog.enrol(o.course_id, o.user_id, { order: o.out_trade_no })),
  );
  p.outbox.consume(
    REFUNDED_TOPIC,
    each('refunded', (o) => p.catalog.unenrol(o.course_id, o.user_id)),
  );
}
