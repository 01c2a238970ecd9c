import type { Cents } from '../../../domain/money/money';
import type { Executor } from '../../platform/db/database';

/** What the shop asks a gateway to take (DECISIONS 19): never a card number. */
export type GatewayCheckout = {
  reference: string;
  amount: Cents;
  currency: string;
  /** Where the buyer's browser comes back to, on the shop. */
  returnUrl: string;
};

/** A gateway's answer about one checkout, once its signature was verified. */
export type GatewayResult = {
  reference: string;
  status: 'paid' | 'declined' | 'cancelled';
  amount: Cents;
  currency: string;
  transactionId: string | null;
  brand: string | null;
  last4: string | null;
};

/**
 * A payment gateway with a hosted page (docs/decisions/0052): the shop sends the buyer to
 * `checkoutUrl`, and accepts only a result whose signature the gateway made. The built-in
 * implementation is the sandbox (sandbox-gateway.ts); a real provider is another implementation.
 */
export type PaymentGateway = {
  name: string;
  checkoutUrl(db: Executor, checkout: GatewayCheckout): Promise<string>;
  /** The verified result, or null when the signature does not match. */
  verifyResult(db: Executor, fields: Record<string, string>): Promise<GatewayResult | null>;
};
