import { createHash, randomBytes } from 'node:crypto';
import { eq, type SQLWrapper } from 'drizzle-orm';
import {
  ORDER_MESSAGES as M,
  type OrderFormBody,
  type OrderItemInput,
  type OrderSavedReply,
} from '../../../contracts/orders';
import { changedFields } from '../../../domain/changed-fields';
import { AppError, addFieldError, type FieldErrors, validationError } from '../../../domain/errors';
import { type Cents, formatMoney, fromDecimal, toDecimalText } from '../../../domain/money/money';
import {
  type DeliveryFields,
  deliveredDateAfter,
  deliveryAddressError,
  needsReason,
  withDeliveryRequired,
  withPickupPoint,
  withShippingType,
} from '../../../domain/orders/delivery-rules';
import { hasItemChanges, type ItemLine, itemChanges } from '../../../domain/orders/order-changes';
import { orderCode } from '../../../domain/orders/order-code';
import {
  editPayment,
  immediatePaymentErrors,
  itemsLocked,
  newOrderPayment,
  type PaymentStatus,
  type PaymentType,
  statusForAmount,
} from '../../../domain/orders/payment-rules';
import { stockQuantities } from '../../../domain/stock/stock-rules';
import { type AuditEntry, audit, auditInsertion, type ShopActor } from '../../platform/audit/audit';
import type { Tx } from '../../platform/db/database';
import { placeholders, preparedStatements } from '../../platform/db/prepared';
import { shopToday } from '../../platform/settings/settings-store';
import { checkCustomerAccount } from '../accounts';
import { defaultCurrency } from '../currencies';
import { currencies } from '../currencies/currencies.tables';
import { quotedMethod } from '../shipping';
import { findPickupPoint } from '../shop-setup';
import { lockStockItems } from '../stock';
import { settleOrderRuleUses } from './order-discount-uses';
import {
  deductOrderStock,
  deductsAtCreation,
  returnOrderStock,
  settleOrderStock,
  stockSettings,
} from './order-stock';
import { auditFields } from './orders.presenter';
import {
  completedPaid,
  ensureCustomerRole,
  findUser,
  itemsOfOrder,
  type OrderItemRow,
  type OrderRow,
} from './orders.queries';
import { orderItems, orderPayments, orders } from './orders.tables';
import {
  orderVatSettings,
  type PricedOrder,
  priceOrder,
  type SnapshotItem,
  snapshotItems,
  totalsColumns,
} from './price-order-items';

export const NOT_FOUND_MESSAGES = {
  user: 'The selected customer does not exist.',
  seller: 'The selected seller does not exist.',
  carrier: 'The selected carrier does not exist.',
  pickupPoint: 'The selected pickup point does not exist.',
  currency: 'The selected currency does not exist.',
} as const;

/** spec 1 §6: a paid order's items are locked; the reply names the error type the form reads. */
export function paidOrderRestriction(): AppError {
  return new AppError('validation', M.paidOrderRestriction, undefined, {
    error_type: 'paid_order_restriction',
  });
}

/** Items as the audit trail and the lock compare them. */
export function linesOfStored(rows: readonly OrderItemRow[]): ItemLine[] {
  return rows.map((r) => ({
    productId: r.productId,
    variantId: r.variantId,
    name: r.variantLabel ? `${r.productName} (${r.variantLabel})` : r.productName,
    quantity: r.quantity,
    price: fromDecimal(r.price),
    discount: Number(r.discount),
  }));
}

export function linesOfInput(items: readonly OrderItemInput[], stored: readonly OrderItemRow[]): ItemLine[] {
  const names = new Map(stored.map((r) => [r.productId, r.productName]));
  return items.map((i) => ({
    productId: i.product_id,
    variantId: i.product_stock_id ?? null,
    name: (i.product_id !== null && names.get(i.product_id)) || `product #${i.product_id}`,
    quantity: i.quantity,
    price: fromDecimal(i.price),
    discount: i.discount,
  }));
}

export function linesOfSnapshot(items: readonly SnapshotItem[]): ItemLine[] {
  return items.map((i) => ({
    productId: i.productId,
    variantId: i.variantId,
    name: i.variantLabel ? `${i.productName} (${i.variantLabel})` : i.productName,
    quantity: i.quantity,
    price: i.price,
    discount: i.discount,
  }));
}

/** spec 1 §9: the browser's grand total must match the server's within 0.01. */
export function checkGrandTotal(sent: number, totals: PricedOrder, symbol: string): void {
  if (Math.abs(fromDecimal(sent) - totals.grandTotal) > 1) {
    throw validationError({ grand_total: [M.totalMismatch(formatMoney(totals.grandTotal, symbol))] });
  }
}

/** Replaces the order's items by these, with their priced tax and line totals. */
export async function writeItems(
  tx: Tx,
  orderId: number,
  items: readonly SnapshotItem[],
  totals: PricedOrder,
  replacing = true,
): Promise<OrderItemRow[]> {
  // A new order has no items to replace.
  if (replacing) await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
  if (items.length === 0) return [];
  return tx
    .insert(orderItems)
    .values(
      items.map((item, position) => ({
        orderId,
        position,
        productId: item.productId,
        variantId: item.variantId,
        productName: item.productName,
        sku: item.sku,
        variantLabel: item.variantLabel,
        unitSellingLabel: item.unitSellingLabel,
        quantity: item.quantity,
        price: toDecimalText(item.price),
        discount: String(item.discount),
        vatId: item.vatId,
        vatInfo: item.vatInfo,
        taxAmount: toDecimalText(totals.lines[position]!.vat),
        lineTotal: toDecimalText(totals.lines[position]!.total),
      })),
    )
    .returning();
}

/** The order's own fields after the delivery rules of spec 1 §4 and DECISIONS 8. */
async function deliveryOf(
  tx: Tx,
  body: OrderFormBody,
  existing: OrderRow | null,
  errors: FieldErrors,
): Promise<DeliveryFields> {
  let delivery: DeliveryFields = {
    delivery_required: body.delivery_required,
    delivery_address: body.delivery_address ?? null,
    shipping_type: body.shipping_type,
    shipping_cost: fromDecimal(body.shipping_cost),
    carrier_id: body.carrier_id ?? null,
    pickup_point_id: body.pickup_point_id ?? null,
    tracking_code: body.tracking_code ?? null,
    delivery_status: body.delivery_status,
    status_reason: body.status_reason ?? null,
  };
  if (!body.delivery_required) {
    const cleared = withDeliveryRequired(delivery, false);
    // The toggle's status reset is for turning delivery off; an order that never had delivery
    // keeps the status it was given.
    const turnedOff = existing?.deliveryRequired === true;
    delivery = turnedOff
      ? cleared
      : { ...cleared, delivery_status: delivery.delivery_status, status_reason: delivery.status_reason };
  } else {
    delivery = withShippingType(delivery, delivery.shipping_type);
    if (delivery.pickup_point_id !== null) {
      const point = await findPickupPoint(tx, delivery.pickup_point_id);
      if (!point) addFieldError(errors, 'pickup_point_id', NOT_FOUND_MESSAGES.pickupPoint);
      else if (existing?.pickupPointId !== point.id)
        delivery = withPickupPoint(delivery, { id: point.id, service_fee: fromDecimal(point.serviceFee) });
    }
    const addressError = deliveryAddressError(delivery);
    if (addressError) addFieldError(errors, 'delivery_address', addressError);
  }
  // Read as the shipping quote reads it: from the reference cache in the checkout (decision 0111).
  if (delivery.carrier_id !== null && !(await quotedMethod(tx, delivery.carrier_id)))
    addFieldError(errors, 'carrier_id', NOT_FOUND_MESSAGES.carrier);
  if (needsReason(delivery.delivery_status) && !delivery.status_reason?.trim())
    addFieldError(errors, 'status_reason', M.reasonRequired);
  return delivery;
}

function paymentErrors(errors: Record<string, string>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]));
}

/**
 * The write path shared by create and update (spec 1 §4, §5, DECISIONS 6–10, decision 0030). Runs
 * in the caller's transaction; `existing` is the order under its row lock, or null for a new one.
 */
export async function saveOrder(
  tx: Tx,
  actor: ShopActor,
  now: Date,
  existing: OrderRow | null,
  body: OrderFormBody,
  options: {
    orderFrom?: 'backend' | 'web';
    /** A new order's discount rule uses, when the caller priced its lines in this transaction. */
    pricedRuleUses?: readonly number[];
    /**
     * Where a caller that sends its closing writes together (writeTogether, docs/decisions/0113)
     * collects the order's audit row; without it the row is written here.
     */
    closingWrites?: SQLWrapper[];
  } = {},
): Promise<OrderSavedReply> {
  const orderFrom = options.orderFrom ?? 'backend';
  const storedItems = existing ? await itemsOfOrder(tx, existing.id) : [];
  const itemsChange = itemChanges(
    linesOfStored(storedItems),
    linesOfInput(body.order_items_json, storedItems),
  );
  const itemsChanged = existing !== null && hasItemChanges(itemsChange);
  if (existing && itemsChanged && itemsLocked(existing.paymentStatus as PaymentStatus))
    throw paidOrderRestriction();

  const stock = await stockSettings(tx);
  // A payment recorded without a date is dated on the shop's today, in its time zone.
  const today = await shopToday(tx, now);
  const vat = await orderVatSettings(tx, existing);
  const errors: FieldErrors = {};
  const snapshot = await snapshotItems(tx, body.order_items_json, {
    stockManagement: stock.enabled,
    existing: storedItems,
  });
  Object.assign(errors, snapshot.errors);
  const auditItems = itemChanges(linesOfStored(storedItems), linesOfSnapshot(snapshot.items));

  const user = body.user_id ? await findUser(tx, body.user_id) : null;
  if (body.user_id && !user) addFieldError(errors, 'user_id', NOT_FOUND_MESSAGES.user);
  // A newly chosen customer must be a customer account (docs/decisions/0035): never staff or admin.
  // A web order's customer is the signed-in buyer themselves (docs/decisions/0051).
  if (user && user.id !== existing?.userId && orderFrom === 'backend')
    await checkCustomerAccount(tx, user.id);
  if (body.seller_id && !(await findUser(tx, body.seller_id)))
    addFieldError(errors, 'seller_id', NOT_FOUND_MESSAGES.seller);
  let currency: { id: number | null; code: string; symbol: string };
  if (body.currency_id) {
    const [row] = await tx.select().from(currencies).where(eq(currencies.id, body.currency_id)).limit(1);
    if (!row) addFieldError(errors, 'currency_id', NOT_FOUND_MESSAGES.currency);
    currency = row
      ? { id: row.id, code: row.code, symbol: row.symbol }
      : { id: null, code: 'USD', symbol: '$' };
  } else if (existing) {
    currency = { id: existing.currencyId, code: existing.currencyCode, symbol: existing.currencySymbol };
  } else {
    currency = await defaultCurrency(tx);
  }
  const delivery = await deliveryOf(tx, body, existing, errors);
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const totals = priceOrder(snapshot.items, {
    shipping: delivery.shipping_cost,
    globalDiscountPercent: body.global_discount,
    vat,
  });
  checkGrandTotal(body.grand_total, totals, currency.symbol);

  // Payment (spec 1 §4, §5).
  let payment: { status: PaymentStatus; paymentType: PaymentType | null; amountPaid: Cents };
  let firstPayment: Cents | null = null;
  if (!existing) {
    const amount = body.amount_paid === undefined ? null : fromDecimal(body.amount_paid);
    if (body.payment_intent === 'immediate_payment') {
      const found = immediatePaymentErrors({
        paymentType: body.payment_type ?? null,
        amount,
        grandTotal: totals.grandTotal,
        symbol: currency.symbol,
      });
      if (Object.keys(found).length > 0) throw validationError(paymentErrors(found));
    }
    payment = newOrderPayment(body.payment_intent, {
      paymentType: body.payment_type ?? null,
      amountPaid: amount ?? (0 as Cents),
      grandTotal: totals.grandTotal,
    });
    if (body.payment_intent === 'immediate_payment' && payment.amountPaid > 0)
      firstPayment = payment.amountPaid;
    // A web order is paid later by the method the buyer chose at checkout (DECISIONS 18): it keeps it.
    if (orderFrom === 'web') payment = { ...payment, paymentType: body.payment_type ?? null };
  } else {
    const paid = await completedPaid(tx, existing.id);
    const requested =
      body.payment_status ??
      (existing.paymentStatus === 'refunded' ? 'refunded' : statusForAmount(paid, totals.grandTotal));
    const edited = editPayment({
      intent: body.payment_intent,
      currentStatus: existing.paymentStatus as PaymentStatus,
      requestedStatus: requested,
      paymentType: body.payment_type ?? null,
      completedPaid: paid,
      grandTotal: totals.grandTotal,
      symbol: currency.symbol,
    });
    if (!edited.ok) throw validationError({ [edited.field]: [edited.message] });
    payment = { status: edited.status, paymentType: edited.paymentType, amountPaid: paid };
  }

  const fields = {
    userId: user?.id ?? null,
    sellerId: body.seller_id ?? null,
    carrierId: delivery.carrier_id,
    customerEmail: body.customer_email ?? user?.email ?? null,
    customerFirstName: body.customer_first_name ?? user?.firstName ?? null,
    customerLastName: body.customer_last_name ?? user?.lastName ?? null,
    customerPhone: body.customer_phone ?? user?.phone ?? user?.mobile ?? null,
    deliveryStatus: delivery.delivery_status,
    statusReason: needsReason(delivery.delivery_status) ? delivery.status_reason : null,
    deliveredDate: dateOrNull(
      deliveredDateAfter(
        delivery.delivery_status,
        existing?.deliveredDate?.toISOString() ?? null,
        now.toISOString(),
      ),
    ),
    paymentStatus: payment.status,
    paymentIntent: body.payment_intent,
    paymentType: payment.paymentType,
    amountPaid: toDecimalText(payment.amountPaid),
    deliveryRequired: delivery.delivery_required,
    deliveryAddress: delivery.delivery_address,
    shippingCost: toDecimalText(delivery.shipping_cost),
    shippingType: delivery.shipping_type,
    pickupPointId: delivery.pickup_point_id,
    trackingCode: delivery.tracking_code,
    address: body.address ?? null,
    globalDiscount: String(body.global_discount),
    currencyId: currency.id,
    currencyCode: currency.code,
    currencySymbol: currency.symbol,
    paymentDate: body.payment_date ?? (firstPayment !== null ? today : (existing?.paymentDate ?? null)),
    transactionId: body.transaction_id ?? null,
    paymentDetails: body.payment_details ?? null,
    notified: body.notified,
    deliveryDate: body.delivery_date ?? null,
    additionalInfo: body.additional_info ?? null,
    vatEnabled: vat.enabled,
    vatMethod: vat.method,
    ...totalsColumns(totals),
    updatedAt: now,
  };

  let order: OrderRow;
  // A new order that takes its stock now is inserted with stock_deducted_at: a statement less than
  // marking it after (docs/decisions/0113); the deduction follows in this transaction.
  const deductsNow = !existing && (await deductsAtCreation(tx, fields));
  if (existing) {
    [order] = (await tx.update(orders).set(fields).where(eq(orders.id, existing.id)).returning()) as [
      OrderRow,
    ];
  } else {
    order = await insertWithCode(tx, now, {
      ...fields,
      orderFrom,
      createdBy: actor.userId,
      ...(deductsNow ? { stockDeductedAt: now } : {}),
    });
  }

  // Items changed after a deduction: the old deduction is given back (spec 1 §4 "Item editing").
  let stockReversed = false;
  if (existing && itemsChanged && existing.stockDeductedAt !== null) {
    // The old items go back and the new ones may be taken next: all of them are locked first, in
    // the stock service's lock order, not the old ones and then the new (decision 0088).
    await lockStockItems(tx, stockQuantities([...storedItems, ...snapshot.items]));
    await returnOrderStock(tx, existing, storedItems, actor);
    order = { ...order, stockDeductedAt: null };
    stockReversed = true;
  }
  const savedItems = await writeItems(tx, order.id, snapshot.items, totals, existing !== null);

  if (firstPayment !== null) {
    await tx.insert(orderPayments).values({
      orderId: order.id,
      status: 'completed',
      amount: toDecimalText(firstPayment),
      paymentType: payment.paymentType ?? 'cod',
      paymentDate: body.payment_date ?? today,
      transactionId: body.transaction_id ?? null,
      paymentDetails: body.payment_details ?? null,
      createdBy: actor.userId,
    });
  }
  if (user && orderFrom === 'backend') await ensureCustomerRole(tx, user.id);

  const deductedAt = deductsNow
    ? ((await deductOrderStock(tx, order, savedItems, actor, now))?.deductedAt ?? null)
    : await settleOrderStock(tx, actor, now, existing, order, savedItems);
  order = { ...order, stockDeductedAt: deductedAt };
  const rulesUsed = await settleOrderRuleUses(tx, existing, order, now, savedItems, options.pricedRuleUses);

  if (existing) {
    const changes: Record<string, unknown> = changedFields(auditFields(existing), auditFields(order));
    if (hasItemChanges(auditItems)) changes.items = auditItems;
    if (stockReversed) changes.stock_reversed = true;
    if (rulesUsed.length > 0) changes.discount_rules_used = rulesUsed;
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'order.updated',
      subjectType: 'order',
      subjectId: order.id,
      data: changes,
      ip: actor.ip,
    });
  } else {
    const created: AuditEntry = {
      actorUserId: actor.userId,
      action: 'order.created',
      subjectType: 'order',
      subjectId: order.id,
      data: {
        order_code: order.orderCode,
        grand_total: order.grandTotal,
        payment_status: order.paymentStatus,
        delivery_status: order.deliveryStatus,
        items: auditItems,
        ...(rulesUsed.length > 0 ? { discount_rules_used: rulesUsed } : {}),
        ...(firstPayment !== null ? { first_payment: toDecimalText(firstPayment) } : {}),
      },
      ip: actor.ip,
    };
    if (options.closingWrites) options.closingWrites.push(auditInsertion(tx, created));
    else await audit(tx, created);
  }

  return {
    message: existing ? M.updated : M.created,
    order: { id: order.id, order_code: order.orderCode, grand_total: order.grandTotal },
    stock_reversed: stockReversed,
  };
}

function dateOrNull(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}

/** Inserts the order with a fresh ORD-YYMMDD-XXXX code, drawing again on a clash (decision 0030). */
async function insertWithCode(tx: Tx, now: Date, values: Omit<typeof orders.$inferInsert, 'orderCode'>) {
  // Only the columns given (the others take their defaults), in a fixed order: one statement per set.
  const given = Object.entries(values).filter(([, value]) => value !== undefined);
  const columns = ['orderCode', ...given.map(([key]) => key).sort()] as OrderColumn[];
  const statement = insertOrder(tx, columns.join(','));
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const [row] = await statement.execute({
      ...Object.fromEntries(given),
      orderCode: orderCode(now, randomBytes(4)),
    });
    if (row) return row;
  }
  throw new AppError('conflict', 'Could not allocate an order code; please try again.');
}

type OrderColumn = keyof typeof orders.$inferInsert;

/**
 * A new order's insert, prepared for each set of columns it is given (docs/decisions/0091): the
 * order form and both checkouts each give one set, so a process builds a handful.
 */
const insertOrder = preparedStatements((db, key: string) =>
  db
    .insert(orders)
    .values(placeholders(orders, key.split(',') as OrderColumn[]))
    .onConflictDoNothing({ target: orders.orderCode })
    .returning()
    .prepare(`orders_insert_${createHash('sha1').update(key).digest('hex')}`),
);
