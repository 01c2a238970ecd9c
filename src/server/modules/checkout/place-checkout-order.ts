import type { FastifyRequest } from 'fastify';
import {
  type CheckoutBody,
  type CheckoutPlacedReply,
  CHECKOUT_MESSAGES as M,
  PICKUP_CHOICE,
} from '../../../contracts/checkout';
import { orderFormBody } from '../../../contracts/orders';
import { AppError, addFieldError, type FieldErrors, validationError } from '../../../domain/errors';
import { fromDecimal, toDecimal, toDecimalText, ZERO } from '../../../domain/money/money';
import { itemsShippingFacts } from '../../../domain/shipping/shipping-cost';
import type { LoadedSession } from '../../platform/auth/sessions';
import { hashToken, randomToken } from '../../platform/auth/tokens';
import type { AppContext } from '../../platform/context';
import { referenceCachedTransaction } from '../../platform/db/reference-cache';
import { writeTogether } from '../../platform/db/write-together';
import { jobsInsertion, queued } from '../../platform/jobs/job-queue';
import { getSettings } from '../../platform/settings/settings-store';
import {
  assertOrderingOpen,
  buyableTotals,
  cartEmptying,
  cartOrderOf,
  cartOwnerOf,
  cartReaderOf,
  lockBuyableLines,
} from '../cart';
import { placeWebOrder } from '../orders';
import { quoteShipping } from '../shipping';
import { findPickupPoint, listPaymentMethods } from '../shop-setup';
import { lockStockItems } from '../stock';
import { findActiveCountry, findActiveState } from './checkout.queries';
import { orderReceipts } from './checkout.tables';
import { newOrderAdminMail, orderConfirmationMail } from './checkout-mails';

/** The payment types a checkout can complete (DECISIONS 18, 19): the gateway or no gateway at all. */
export const CHECKOUT_PAYMENT_TYPES = ['cod', 'bank_transfer', 'card'] as const;

/** The payment methods a shop visitor may choose: enabled or shop_only, of a type checkout completes. */
export async function shopPaymentMethods(db: AppContext['db']) {
  const rows = await listPaymentMethods(db, ['enabled', 'shop_only']);
  return rows.filter((m) => (CHECKOUT_PAYMENT_TYPES as readonly string[]).includes(m.code));
}

export type PlacedOrder = CheckoutPlacedReply & { order_id: number };

/**
 * POST /checkout (DECISIONS 18, docs/decisions/0051): the order is made from the server's cart,
 * priced now for the buyer (role prices, discounts, VAT), shipped by the shared shipping rule
 * (DECISIONS 15) or the pickup point's fee (DECISIONS 8), with the stock, the discount uses, the
 * emptied cart, the receipt and both e-mail jobs in one transaction: a refused or failed order
 * leaves the cart, the stock and the mail queue as they were.
 */
export async function placeCheckoutOrder(
  ctx: AppContext,
  req: FastifyRequest,
  session: LoadedSession | null,
  body: CheckoutBody,
): Promise<PlacedOrder> {
  const now = ctx.now();
  const owner = cartOwnerOf(req, session);
  const token = randomToken();

  // Read in the transaction; settings, rules, currencies, countries, shipping and payment methods
  // from the process's reference cache at the version the session's statement read, a round trip
  // less each while the transaction holds the cart's and the stock's locks (docs/decisions/0111).
  const version = req.sessionState.referenceVersion;
  return referenceCachedTransaction(ctx.db, version, async (tx): Promise<PlacedOrder> => {
    await assertOrderingOpen(tx);
    const reader = await cartReaderOf(ctx, session, tx);
    const { cartId, buyable } = await lockBuyableLines(tx, owner, reader);
    if (buyable.length === 0) throw validationError({ cart: [M.cartEmpty] });

    const errors: FieldErrors = {};

    // Stock (spec 3 §4, DECISIONS 10): checked whatever the deduction timing, under row locks.
    const settings = await getSettings(tx, ['stock_management_enabled']);
    if (settings.stock_management_enabled) {
      const items = buyable.map((b) => ({ productId: b.product.id, variantId: b.variant?.id ?? null }));
      // Locked through the stock service, which then deducts without reading them again. A cart
      // holds one line per item (the cart_items_line index), so each line is checked on its own.
      const stockOf = await lockStockItems(tx, items);
      buyable.forEach((b, index) => {
        const available = stockOf(items[index]!);
        if (b.line.quantity > available)
          addFieldError(errors, `items.${index}.quantity`, M.outOfStock(b.name, Math.max(0, available)));
      });
    }

    // Address.
    const country = await findActiveCountry(tx, body.country_id);
    if (!country) addFieldError(errors, 'country_id', M.countryUnknown);
    const state = await findActiveState(tx, body.state_id);
    if (!state || (country && state.countryId !== country.id))
      addFieldError(errors, 'state_id', M.stateUnknown);

    // Payment type: one of the methods the shop offers (spec 3 §5).
    const methods = await shopPaymentMethods(tx);
    const method = methods.find((m) => m.code === body.payment_type);
    if (!method) addFieldError(errors, 'payment_type', M.paymentMethod);

    // Items at the server's prices, and their totals before shipping.
    const vat = reader.pricing.vat;
    const itemTotals = buyableTotals(buyable, ZERO, vat);

    // Shipping: the pickup point's fee (DECISIONS 8) or the shared calculation (DECISIONS 15).
    let shipping = ZERO;
    let carrierId: number | null = null;
    let pickupPointId: number | null = null;
    const isPickup = body.shipping_method === PICKUP_CHOICE;
    if (isPickup) {
      const point = body.pickup_point_id === null ? null : await findPickupPoint(tx, body.pickup_point_id);
      if (point?.status !== 1) addFieldError(errors, 'pickup_point_id', M.pickupPointUnknown);
      else {
        pickupPointId = point.id;
        shipping = fromDecimal(point.serviceFee);
      }
    } else if (Object.keys(errors).length === 0) {
      try {
        const quote = await quoteShipping(
          { db: tx },
          {
            items: buyable.map((b) => ({
              product_id: b.product.id,
              product_stock_id: b.variant?.id ?? null,
              quantity: b.line.quantity,
            })),
            cart_total: toDecimal(itemTotals.grandTotal),
            cart_weight: 0,
            country_id: body.country_id,
            state_id: body.state_id,
            city_id: body.city_id,
            shipping_method_id: Number(body.shipping_method),
          },
          // The weights and free-shipping flags of the products just read (decision 0111).
          itemsShippingFacts(
            buyable.map((b) => ({
              weightKg: b.product.weight,
              quantity: b.line.quantity,
              isFreeShipping: b.product.isFreeShipping,
            })),
          ),
        );
        shipping = fromDecimal(quote.shipping_cost);
        carrierId = Number(body.shipping_method);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'validation') throw error;
        addFieldError(errors, 'shipping_method', M.shippingUnavailable);
      }
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);

    const totals = buyableTotals(buyable, shipping, vat);
    const address = [body.address, body.city, state!.name, country!.name].join(', ');
    const userId = session?.user?.id ?? null;
    const cartOrder = cartOrderOf(buyable, totals.grandTotal);
    const { placed, closingWrites } = await placeWebOrder(
      tx,
      { userId, ip: req.ip },
      now,
      orderFormBody.parse({
        user_id: userId,
        customer_email: body.email,
        customer_first_name: body.first_name,
        customer_last_name: body.last_name,
        customer_phone: body.phone,
        payment_intent: 'payment_later',
        payment_type: method!.code,
        delivery_required: true,
        shipping_type: isPickup ? 'pickup' : 'standard',
        delivery_address: isPickup ? null : address,
        pickup_point_id: pickupPointId,
        carrier_id: carrierId,
        shipping_cost: toDecimalText(shipping),
        address,
        additional_info: body.notes ?? null,
        ...cartOrder.fields,
      }),
      cartOrder.ruleUses,
    );
    const orderId = placed.order.id;
    const orderCode = placed.order.order_code;

    // The cart is spent with the order (all its lines: what could not be bought is gone too); the
    // order's audit row, the buyer's receipt and both mails. One statement (docs/decisions/0113).
    await writeTogether(tx, [
      ...closingWrites,
      cartEmptying(tx, cartId!),
      tx.insert(orderReceipts).values({ orderId, tokenHash: hashToken(token), createdAt: now }),
      jobsInsertion(tx, now, [
        queued(orderConfirmationMail, { orderId, token }),
        queued(newOrderAdminMail, { orderId }),
      ]),
    ]);

    const query = `?token=${token}`;
    return {
      success: true,
      message: M.placed,
      order_id: orderId,
      order_code: orderCode,
      redirect_url:
        method!.code === 'card'
          ? `/payment/${orderCode}${query}`
          : `/order-confirmation/${orderCode}${query}`,
    };
  });
}
