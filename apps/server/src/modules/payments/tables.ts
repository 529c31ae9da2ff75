import type { Generated, Selectable } from 'kysely';
import { tableSet } from '../../db/scoped';

/** 011_payments: one order to pay for one item (a course), amounts in fen. */
export interface OrdersTable {
  id: Generated<number>;
  out_trade_no: string;
  user_id: number;
  course_id: number;
  /** The item's title when ordered (the order list reads without the catalog). */
  title: string;
  amount_fen: number;
  channel: 'wxpay' | 'alipay';
  provider: 'lantu' | 'sandbox';
  status: 'created' | 'paid' | 'refunded' | 'closed';
  order_no: string | null;
  pay_no: string | null;
  code_url: string;
  expires_at: string;
  paid_at: string | null;
  refunded_at: string | null;
  refund_reason: string | null;
  /** When the provider's order query was last asked (at most once per 5 s per order). */
  last_query_at: string | null;
  create_time: string;
}

/** 011_payments: every notify (and settling query answer) as received, with what we made of it. */
export interface PaymentEventsTable {
  id: Generated<number>;
  out_trade_no: string | null;
  source: 'notify' | 'query' | 'refund';
  outcome: string;
  body: string;
  create_time: string;
}

/**
 * 020_payment_hardening: the last 100 payment messages that changed nothing (refused or replayed),
 * pruned on every insert; the body cut to 1000 characters. Anyone can post a notify: this and the
 * counters below are all it leaves behind.
 */
export interface PaymentIgnoredTable {
  id: Generated<number>;
  source: 'notify' | 'query' | 'refund';
  outcome: string;
  out_trade_no: string | null;
  /** The sender's address (the notify's client IP). */
  address: string | null;
  body: string;
  create_time: string;
}

/** 020_payment_hardening: how many messages that changed nothing came, per source and outcome. */
export interface PaymentIgnoredCountsTable {
  source: string;
  outcome: string;
  /** bigint: PostgreSQL answers it as a string. */
  count: number | string;
  last_time: string;
}

/**
 * 042_nodes: what the sandbox provider knows of an order it was paid for (its order query's
 * answer), in the database so any node answers it (checkout on one node, query on another).
 */
export interface PaymentSandboxTable {
  out_trade_no: string;
  order_no: string;
  pay_no: string;
  amount_fen: number;
  create_time: string;
}

/** 042_nodes: the sandbox's signing key, made by the first node that needs it and shared by all. */
export interface PaymentSandboxKeysTable {
  mch_id: string;
  key: string;
  create_time: string;
}

export type OrderRow = Selectable<OrdersTable>;

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface PaymentsTables {
  orders: OrdersTable;
  payment_events: PaymentEventsTable;
  payment_ignored: PaymentIgnoredTable;
  payment_ignored_counts: PaymentIgnoredCountsTable;
  payment_sandbox: PaymentSandboxTable;
  payment_sandbox_keys: PaymentSandboxKeysTable;
}
export const PAYMENTS_TABLES = tableSet<PaymentsTables>()([
  'orders',
  'payment_events',
  'payment_ignored',
  'payment_ignored_counts',
  'payment_sandbox',
  'payment_sandbox_keys',
]);
