import type { Kysely } from 'kysely';
import type { PaymentConfig } from '../../lib/config';
import type { Outbox } from '../../lib/outbox';
import type { Clock } from '../../lib/time';
import type { UsersService } from '../users';
import type { PaymentProvider } from './provider';
import type { PaymentsTables } from './tables';

/**
 * What is sold, asked by the payments module and answered by the module that owns the items (the
 * courses), handed over by the composition root. The payments module knows no course table.
 */
export interface PaymentCatalog {
  /** The item's title and price in fen, or null if it cannot be bought. */
  priceOf(courseId: number): Promise<{ title: string; price_fen: number } | null>;
  isMember(courseId: number, userId: number): Promise<boolean>;
  /** Grants the item after a verified payment; idempotent. */
  enrol(courseId: number, userId: number, via: { order: string }): Promise<void>;
  /** Takes it back after a refund. */
  unenrol(courseId: number, userId: number): Promise<void>;
}

export interface PaymentsDeps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<PaymentsTables>;
  users: Pick<UsersService, 'briefs'>;
  outbox: Pick<Outbox, 'add' | 'consume' | 'drain'>;
  config: { payment: PaymentConfig; publicUrl: string; clock: Clock };
  onError: (err: unknown, what: string) => void;
  /** What is sold (the courses, built before the payments). */
  catalog: PaymentCatalog;
}

export type Payments = PaymentsDeps & {
  provider: PaymentProvider;
  clock: Clock;
};

/** Outbox topics: the grant after a paid mark, the revocation after a refund. */
export const PAID_TOPIC = 'payment.paid';
export const REFUNDED_TOPIC = 'payment.refunded';

/** Orders live two hours (a WeChat native code_url's life); an open one is reused until 5 min before. */
export const ORDER_TTL_MS = 2 * 3600_000;
export const REUSE_MARGIN_MS = 5 * 60_000;
/** The provider's order query is asked at most this often per order. */
export const QUERY_EVERY_MS = 5000;

/** Our notify endpoint, the one the provider and the sandbox checkout post to. */
export const notifyUrl = (d: Pick<Payments, 'config'>) => `${d.config.publicUrl}/api/lantu/notify`;
