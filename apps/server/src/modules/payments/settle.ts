import type { OutboxItem } from '../../lib/outbox';
import { nowIso } from '../../lib/time';
import { PAID_TOPIC, type Payments, REFUNDED_TOPIC } from './deps';
import { addEvent, addIgnored, closeOpenTwins, inTransaction, markPaid, orderByNo, ordersByNo, paidOrders } from './repo';
import { NOTIFY_SIGNED, signatureValid, yuanToFen } from './sign';
import type { OrderRow } from './tables';

/** What the provider says was paid: from a notify or from its order query. */
export interface PaymentProof {
  mch_id: string;
  out_trade_no: string;
  order_no: string;
  pay_no: string;
  amount_fen: number | null;
}

export type Verdict = 'paid' | 'replay' | 'bad_sign' | 'not_paid' | 'wrong_mch' | 'unknown_order' | 'wrong_amount';

/** Where a message came from, and what may stop a refused one before it is recorded. */
export interface Audit {
  source: 'notify' | 'query';
  body: string;
  /** The sender's address (notifies). */
  address?: string | null;
  /** Runs before a refusal is recorded: the notify route's rate limit throws its 429 here. */
  beforeRefusal?: () => Promise<void>;
}

/** Records a message that changed nothing (bounded: repo.addIgnored). */
async function ignore(d: Payments, audit: Audit, outcome: Verdict, outTradeNo: string | null): Promise<void> {
  const { source, body, address = null } = audit;
  await addIgnored(d.db, { source, body, address, outcome, out_trade_no: outTradeNo, create_time: nowIso(d.clock) });
}

/**
 * Settles an order on a proof of payment: checks the merchant, the order and the amount, then in
 * one transaction marks it paid — only if it still waits (`markPaid`) — keeps the raw message,
 * records the grant in the outbox and closes the buyer's other open orders for the item, so the
 * grant happens exactly when the paid mark does, even across a crash. A replay or a concurrent
 * duplicate finds the order paid and changes nothing. A second payment for an item the buyer has
 * already paid for settles all the same (the money was taken): it shows as due for a refund.
 */
export async function settle(d: Payments, proof: PaymentProof, audit: Audit): Promise<Verdict> {
  const order = await orderByNo(d.db, proof.out_trade_no);
  let verdict: Verdict | null = null;
  if (proof.mch_id !== d.provider.mchId) verdict = 'wrong_mch';
  else if (!order) verdict = 'unknown_order';
  else if (proof.amount_fen !== order.amount_fen) verdict = 'wrong_amount';
  if (verdict || !order) {
    await audit.beforeRefusal?.();
    await ignore(d, audit, verdict ?? 'unknown_order', proof.out_trade_no);
    return verdict ?? 'unknown_order';
  }
  const changed = await inTransaction(d.db, async (trx) => {
    const paid = await markPaid(trx, order.out_trade_no, {
      order_no: proof.order_no.slice(0, 64),
      pay_no: proof.pay_no.slice(0, 64),
      paid_at: nowIso(d.clock),
    });
    if (!paid) return false;
    await d.outbox.add(trx, PAID_TOPIC, order.out_trade_no);
    await closeOpenTwins(trx, order);
    await addEvent(trx, { source: audit.source, body: audit.body, out_trade_no: order.out_trade_no, outcome: 'paid', create_time: nowIso(d.clock) });
    return true;
  });
  if (!changed) {
    await ignore(d, audit, 'replay', order.out_trade_no);
    return 'replay';
  }
  // The grant runs now (on this node) so the buyer is a member by the time we answer; the outbox
  // keeps it if it fails, and any node retries it.
  await grantNow(d);
  return 'paid';
}

/**
 * The notify of `POST /api/lantu/notify`: SUCCESS only for a verified payment of a known order of
 * ours with the right merchant and amount, settled now or before (replays); FAIL otherwise, and
 * nothing changes. A refused notify passes `beforeRefusal` (the sender's rate limit), then is
 * counted and kept among the last ones; nothing it carries is stored beyond a fixed size.
 */
export async function acceptNotify(
  d: Payments,
  form: Record<string, string>,
  raw: string,
  from: { address: string; beforeRefusal?: () => Promise<void> },
): Promise<'SUCCESS' | 'FAIL'> {
  const audit: Audit = { source: 'notify', body: raw, ...from };
  const reject = async (outcome: Verdict) => {
    await audit.beforeRefusal?.();
    await ignore(d, audit, outcome, form.out_trade_no ?? null);
    return 'FAIL' as const;
  };
  if (!signatureValid(form, NOTIFY_SIGNED, await d.provider.signingKey())) return reject('bad_sign');
  if (form.code !== '0') return reject('not_paid');
  const verdict = await settle(
    d,
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
export async function grantNow(d: Payments): Promise<void> {
  try {
    await d.outbox.drain();
  } catch (err) {
    d.onError(err, 'payments outbox pass');
  }
}

/**
 * The outbox consumers: each re-reads the order and acts on what it is now (delivery is at least
 * once, and a refund may have overtaken a grant): a paid order is granted; a refunded one is taken
 * back only when the buyer has no other paid order for the item (a duplicate payment refunded
 * leaves the course with the buyer).
 */
export function registerConsumers(d: Payments): void {
  const each = (status: OrderRow['status'], act: (o: OrderRow) => Promise<void>) => async (items: OutboxItem[]) => {
    for (const order of await ordersByNo(d.db, items.map((i) => i.key)))
      if (order.status === status) await act(order);
  };
  d.outbox.consume(
    PAID_TOPIC,
    each('paid', (o) => d.catalog.enrol(o.course_id, o.user_id, { order: o.out_trade_no })),
  );
  d.outbox.consume(REFUNDED_TOPIC, each('refunded', (o) => revoke(d, o)));
}

async function revoke(d: Payments, refunded: OrderRow): Promise<void> {
  if ((await paidOrders(d.db, refunded.user_id, refunded.course_id)).length) return;
  await d.catalog.unenrol(refunded.course_id, refunded.user_id);
  // A payment settled between the check and the unenrol may have been granted before it: look
  // again after, and grant that one (enrol is idempotent).
  const [still] = await paidOrders(d.db, refunded.user_id, refunded.course_id);
  if (still) await d.catalog.enrol(still.course_id, still.user_id, { order: still.out_trade_no });
}
