import { eq } from 'drizzle-orm';
import { CARD_MESSAGES as C, type SandboxPayReply } from '../../../contracts/checkout';
import { AppError, fieldError } from '../../../domain/errors';
import { cents, fromDecimal, toDecimalText } from '../../../domain/money/money';
import { cardBrand, SANDBOX_CARDS } from '../../../domain/payments/card-number';
import type { LoadedSession } from '../../platform/auth/sessions';
import { randomToken } from '../../platform/auth/tokens';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { defineJob } from '../../platform/jobs/job-queue';
import { lockOrder, recordCardPayment } from '../orders';
import { buyerOrder, isPayable } from './buyer-order';
import { cardPayments } from './checkout.tables';
import type { PaymentGateway } from './payment-gateway';
import { sandboxGateway, signSandboxResult, verifySandboxRequest } from './sandbox-gateway';

/** The gateway in use: the built-in sandbox until a real provider is configured (docs/decisions/0052). */
export const paymentGateway: PaymentGateway = sandboxGateway;

/**
 * POST /payment/{orderCode}/card: only the order's buyer (receipt token or account) may pay it,
 * and only what is still due. The gateway is asked for that amount under a fresh reference.
 */
export async function startCardPayment(
  ctx: AppContext,
  session: LoadedSession | null,
  orderCode: string,
  token: string | null,
): Promise<{ success: true; redirect_url: string }> {
  const order = await buyerOrder(ctx.db, session, orderCode, token, ctx.now());
  if (!isPayable(order)) throw fieldError('order', C.nothingDue);
  const due = cents(fromDecimal(order.grandTotal) - fromDecimal(order.amountPaid));
  const reference = randomToken(16);
  await ctx.db.insert(cardPayments).values({
    orderId: order.id,
    reference,
    amount: toDecimalText(due),
    createdAt: ctx.now(),
  });
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return {
    success: true,
    redirect_url: await paymentGateway.checkoutUrl(ctx.db, {
      reference,
      amount: due,
      currency: order.currencyCode,
      returnUrl: `/payment/${order.orderCode}${query}`,
    }),
  };
}

/**
 * POST /payment/callback (DECISIONS 19): the gateway's result, believed only when its signature is
 * the gateway's and its amount is the one asked for. A paid result records one completed card
 * payment through the payment rules (the order becomes paid; on_payment stock is taken); a
 * declined or cancelled one changes nothing on the order, which stays payable. The shop keeps
 * only brand, last 4 digits and the transaction id.
 */
export async function completeCardPayment(
  ctx: AppContext,
  fields: Record<string, string>,
): Promise<{ success: true; status: string; message: string }> {
  const result = await paymentGateway.verifyResult(ctx.db, fields);
  if (!result) throw fieldError('signature', C.unverified);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.reference, result.reference))
      .for('update');
    if (!attempt) throw notFound(C.unknownPayment);
    if (fromDecimal(attempt.amount) !== result.amount) throw fieldError('amount', C.amountMismatch);
    const message =
      result.status === 'paid' ? C.paid : result.status === 'declined' ? C.declined : C.cancelled;
    // The same result relayed twice (a reload, a double click) acts once.
    if (attempt.status === result.status) return { success: true as const, status: attempt.status, message };
    if (attempt.status !== 'pending') throw new AppError('conflict', C.unknownPayment);

    if (result.status === 'paid') {
      const order = await lockOrder(tx, attempt.orderId);
      await recordCardPayment(tx, { userId: null, ip: null }, now, order, {
        amount: result.amount,
        transactionId: result.transactionId ?? attempt.reference,
        details: `${result.brand ?? 'Card'} ending ${result.last4 ?? '????'} (${paymentGateway.name})`,
      });
    }
    await tx
      .update(cardPayments)
      .set({
        status: result.status,
        brand: result.brand,
        last4: result.last4,
        transactionId: result.transactionId,
        finishedAt: now,
      })
      .where(eq(cardPayments.id, attempt.id));
    return { success: true as const, status: result.status, message };
  });
}

/**
 * POST /payment-sandbox/pay: the sandbox plays the provider's hosted page. It checks the shop's
 * signed request, takes the test card (checked by the contract: 16 digits, Luhn), declines the
 * documented decline number and approves any other, and signs its result for the shop. Nothing
 * of the card but brand and last 4 digits leaves it.
 */
export async function sandboxPay(
  ctx: AppContext,
  body: {
    reference: string;
    amount: string;
    currency: string;
    return_url: string;
    signature: string;
    action: 'pay' | 'cancel';
    card_number: string;
  },
): Promise<SandboxPayReply> {
  const request = await verifySandboxRequest(ctx.db, body);
  if (!request) throw fieldError('signature', C.sandboxRequest);
  const digits = body.card_number.replace(/ /g, '');
  const status =
    body.action === 'cancel' ? 'cancelled' : digits === SANDBOX_CARDS.declined ? 'declined' : 'paid';
  const fields = await signSandboxResult(ctx.db, {
    reference: request.reference,
    status,
    amount: request.amount,
    currency: request.currency,
    transaction_id: status === 'paid' ? `sbx_${randomToken(12)}` : '',
    brand: body.action === 'cancel' ? '' : cardBrand(digits),
    last4: body.action === 'cancel' ? '' : digits.slice(-4),
  });
  // Like a real provider, the sandbox also tells the shop server to server (its webhook), so a
  // payment taken counts even when the buyer's browser never comes back to relay it.
  await ctx.db.transaction((tx) => sandboxWebhook.enqueue(tx, { fields }, ctx.now()));
  return {
    success: true,
    status,
    callback: { url: '/payment/callback', fields },
    return_url: request.return_url,
  };
}

/**
 * The sandbox's server-to-server notification (docs/decisions/0052): the signed result delivered
 * to the same verification as `POST /payment/webhook`, in process since the sandbox lives in the
 * shop. A result already relayed by the browser acts once.
 */
export const sandboxWebhook = defineJob<{ fields: Record<string, string> }>({
  name: 'checkout.sandbox-webhook',
  async run(ctx, { fields }) {
    await completeCardPayment(ctx, fields);
  },
});
