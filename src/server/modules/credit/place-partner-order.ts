import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PartnerCheckoutBody, PartnerCheckoutReply } from '../../../contracts/credit';
import { orderFormBody } from '../../../contracts/orders';
import { debitForOrder, CREDIT_MESSAGES as M } from '../../../domain/credit/credit';
import { fieldError } from '../../../domain/errors';
import { toDecimal, toDecimalText, ZERO } from '../../../domain/money/money';
import type { SignedInSession } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { writeTogether } from '../../platform/db/write-together';
import { getSetting } from '../../platform/settings/settings-store';
import { findUser } from '../accounts';
import {
  assertOrderingOpen,
  buyableTotals,
  cartEmptying,
  cartOrderOf,
  cartOwnerOf,
  cartReaderOf,
  lockBuyableLines,
} from '../cart';
import { defaultCurrency } from '../currencies';
import { placeWebOrder } from '../orders';
import { accountState } from './credit.presenter';
import { lockAccountOfUser } from './credit.queries';
import { creditAccounts, creditTransactions } from './credit.tables';

/**
 * POST /partner/checkout/process (spec 3 §4, §5, §7; docs/decisions/0061). The partner's cart
 * becomes a web order at the partner's prices, through the orders' own write path. On credit,
 * the account's row is locked and the rule of src/domain/credit decides (active, balance covers
 * the grand total); the order, the debit and its transaction row, the stock and the emptied cart
 * are one transaction, so two checkouts that together exceed the balance cannot both pass.
 * pay_now places the order unpaid (card) and sends the partner to /payment/{orderCode}.
 */
export async function placePartnerOrder(
  ctx: AppContext,
  req: FastifyRequest,
  session: SignedInSession,
  body: PartnerCheckoutBody,
): Promise<PartnerCheckoutReply> {
  const owner = cartOwnerOf(req, session);
  const now = ctx.now();

  return ctx.db.transaction(async (tx) => {
    // Read in the transaction, with its one read of the settings (decision 0087): the prices and
    // the rules they use are the ones the order records and the credit is debited with.
    await assertOrderingOpen(tx);
    const termsUrl = await getSetting(tx, 'partner_terms_conditions_url');
    if (termsUrl && !body.terms_accepted) throw fieldError('terms_accepted', M.terms);
    const reader = await cartReaderOf(ctx, session, tx);
    const user = await findUser(tx, session.user.id);
    const currency = await defaultCurrency(tx);
    const { cartId, buyable } = await lockBuyableLines(tx, owner, reader);
    if (buyable.length === 0) throw fieldError('cart', M.cartEmpty);

    const totals = buyableTotals(buyable, ZERO, reader.pricing.vat);

    const onCredit = body.payment_method === 'credit';
    const account = onCredit ? await lockAccountOfUser(tx, session.user.id, { create: false }) : null;
    let balanceAfter = null;
    if (onCredit) {
      const decision = debitForOrder(
        account ? accountState(account) : null,
        totals.grandTotal,
        currency.symbol,
      );
      if (!decision.ok) throw fieldError(decision.field, decision.message);
      balanceAfter = decision.value;
    }

    const cartOrder = cartOrderOf(buyable, totals.grandTotal);
    const { placed, closingWrites } = await placeWebOrder(
      tx,
      { userId: session.user.id, ip: req.ip },
      now,
      orderFormBody.parse({
        user_id: session.user.id,
        customer_email: user?.email ?? null,
        customer_first_name: user?.firstName ?? null,
        customer_last_name: user?.lastName ?? null,
        customer_phone: user?.phone ?? user?.mobile ?? null,
        payment_intent: onCredit ? 'credit' : 'payment_later',
        payment_type: onCredit ? 'credit' : 'card',
        delivery_required: false,
        shipping_cost: '0.00',
        additional_info: onCredit ? 'Partner order on credit' : 'Partner order, paid now',
        ...cartOrder.fields,
      }),
      cartOrder.ruleUses,
    );
    const orderCode = placed.order.order_code;

    // The order's audit row, the account debited with its ledger's line (on credit), and the cart
    // spent with the order: one statement (docs/decisions/0113).
    const debit =
      onCredit && account && balanceAfter !== null
        ? [
            tx
              .update(creditAccounts)
              .set({ currentBalance: toDecimalText(balanceAfter), updatedAt: now })
              .where(eq(creditAccounts.id, account.id)),
            tx.insert(creditTransactions).values({
              creditAccountId: account.id,
              type: 'order_payment',
              amount: toDecimalText(totals.grandTotal),
              balanceAfter: toDecimalText(balanceAfter),
              reference: orderCode,
              orderId: placed.order.id,
              note: null,
              createdBy: session.user.id,
              createdAt: now,
            }),
          ]
        : [];
    await writeTogether(tx, [...closingWrites, ...debit, cartEmptying(tx, cartId!)]);

    return {
      success: true,
      message: M.placed,
      payment_method: body.payment_method,
      order_code: orderCode,
      remaining_balance: balanceAfter === null ? null : toDecimal(balanceAfter),
      // spec 3 §4: after a credit order the partner dashboard; pay_now goes to the payment page.
      redirect_url: onCredit ? '/partner/dashboard' : `/payment/${orderCode}`,
    };
  });
}
