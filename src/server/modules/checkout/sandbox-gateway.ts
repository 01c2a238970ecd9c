import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import { randomToken } from '../../platform/auth/tokens';
import type { Executor } from '../../platform/db/database';
import { paymentGatewayKeys } from './checkout.tables';
import type { GatewayCheckout, GatewayResult, PaymentGateway } from './payment-gateway';

/** The sandbox's own route prefix: it plays the provider, apart from the shop's pages. */
export const SANDBOX_PREFIX = '/payment-sandbox';
const KEY_NAME = 'sandbox';

/** The sandbox's signing key: random, made once per database, shared by every app process. */
async function signingKey(db: Executor): Promise<string> {
  const [row] = await db.select().from(paymentGatewayKeys).where(eq(paymentGatewayKeys.name, KEY_NAME));
  if (row) return row.secret;
  await db
    .insert(paymentGatewayKeys)
    .values({ name: KEY_NAME, secret: randomToken(32) })
    .onConflictDoNothing();
  const [made] = await db.select().from(paymentGatewayKeys).where(eq(paymentGatewayKeys.name, KEY_NAME));
  return made!.secret;
}

function sign(key: string, parts: readonly string[]): string {
  return createHmac('sha256', key).update(parts.join('\n')).digest('hex');
}

function sameSignature(expected: string, sent: string | undefined): boolean {
  if (!sent || !/^[0-9a-f]{64}$/.test(sent)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(sent, 'hex'));
}

/** The fields of a hand-over to the sandbox's hosted page, signed by the shop. */
export type SandboxRequest = { reference: string; amount: string; currency: string; return_url: string };

const requestParts = (r: SandboxRequest) => ['request', r.reference, r.amount, r.currency, r.return_url];

const resultParts = (r: Record<string, string | undefined>) => [
  'result',
  r.reference ?? '',
  r.status ?? '',
  r.amount ?? '',
  r.currency ?? '',
  r.transaction_id ?? '',
  r.brand ?? '',
  r.last4 ?? '',
];

/** The hosted page checks that the shop made this request (no one else may set its amount). */
export async function verifySandboxRequest(
  db: Executor,
  fields: Record<string, string | undefined>,
): Promise<SandboxRequest | null> {
  const request = {
    reference: fields.reference ?? '',
    amount: fields.amount ?? '',
    currency: fields.currency ?? '',
    return_url: fields.return_url ?? '',
  };
  if (!request.reference || !/^\d+\.\d{2}$/.test(request.amount) || !request.return_url.startsWith('/'))
    return null;
  return sameSignature(sign(await signingKey(db), requestParts(request)), fields.signature) ? request : null;
}

/** The sandbox's signed result, as the hosted page hands it back to the shop. */
export async function signSandboxResult(
  db: Executor,
  result: Omit<Record<string, string>, 'signature'>,
): Promise<Record<string, string>> {
  return { ...result, signature: sign(await signingKey(db), resultParts(result)) };
}

export const sandboxGateway: PaymentGateway = {
  name: 'sandbox',
  async checkoutUrl(db: Executor, checkout: GatewayCheckout): Promise<string> {
    const request: SandboxRequest = {
      reference: checkout.reference,
      amount: toDecimalText(checkout.amount),
      currency: checkout.currency,
      return_url: checkout.returnUrl,
    };
    const signature = sign(await signingKey(db), requestParts(request));
    return `${SANDBOX_PREFIX}/pay?${new URLSearchParams({ ...request, signature })}`;
  },
  async verifyResult(db: Executor, fields: Record<string, string>): Promise<GatewayResult | null> {
    if (!sameSignature(sign(await signingKey(db), resultParts(fields)), fields.signature)) return null;
    const status = fields.status;
    if (status !== 'paid' && status !== 'declined' && status !== 'cancelled') return null;
    if (!/^\d+\.\d{2}$/.test(fields.amount ?? '')) return null;
    return {
      reference: fields.reference ?? '',
      status,
      amount: fromDecimal(fields.amount!),
      currency: fields.currency ?? '',
      transactionId: fields.transaction_id || null,
      brand: fields.brand || null,
      last4: fields.last4 || null,
    };
  },
};
