import type { PayChannel, PayProvider } from '@oj/shared';

/** An order as the provider is asked to take it. */
export interface NativeOrder {
  out_trade_no: string;
  amount_fen: number;
  /** What the payer sees (the item's title). */
  body: string;
  channel: PayChannel;
  notify_url: string;
}

/** What the provider's order query says about one of our orders. */
export interface ProviderOrderState {
  paid: boolean;
  mch_id: string;
  out_trade_no: string;
  order_no: string;
  pay_no: string;
  amount_fen: number | null;
}

export interface RefundOrder {
  out_trade_no: string;
  amount_fen: number;
  channel: PayChannel;
  reason: string;
}

/**
 * A payment provider. Its notifies are verified with `mchId` and `signingKey()` by the settlement
 * (settle.ts), whichever provider it is, so the sandbox runs the same verification path.
 */
export interface PaymentProvider {
  name: PayProvider;
  mchId: string;
  /** The key notifies are signed with (the sandbox's is in the database, shared by every node). */
  signingKey(): Promise<string>;
  /** Creates the provider's order; answers the URL the payer's phone opens (shown as a QR code). */
  createNative(order: NativeOrder): Promise<{ code_url: string }>;
  /** The provider's view of an order; null when the provider does not know it. */
  query(outTradeNo: string, channel: PayChannel): Promise<ProviderOrderState | null>;
  /** Returns the whole amount to the payer; throws when the provider refuses. */
  refund(order: RefundOrder): Promise<void>;
}

/** The provider failed or answered something we cannot trust. */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}
