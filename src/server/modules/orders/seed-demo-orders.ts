import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { type OrderFormInput, orderFormBody, paymentBody, quickStatusBody } from '../../../contracts/orders';
import { cents, fromDecimal, toDecimalText } from '../../../domain/money/money';
import type { Actor } from '../../platform/audit/audit';
import { users } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { productStocks, products } from '../catalogue/catalogue.tables';
import { shippingMethods } from '../shipping/shipping.tables';
import { pickupPoints } from '../shop-setup/shop-setup.tables';
import { addPayment } from './add-payment';
import { createOrder } from './create-order';
import { generateDocument } from './generate-document';
import { orderPayments, orders } from './orders.tables';
import { currentVatSettings, priceOrder, snapshotItems } from './price-order-items';
import { sendCustomerLink } from './send-customer-link';
import { updateOrderStatus } from './update-order-status';

type DemoItem = { product_id: number; product_stock_id?: number | null; quantity: number; price: string };

type DemoOrder = {
  /** How many days before the seeding day the order was taken (0: that day). */
  daysAgo: number;
  customer: string | null;
  guest?: { first: string; last: string; email: string; phone: string };
  items: (pick: Picks) => DemoItem[];
  over: Partial<OrderFormInput>;
  /** Each payment's day, in days before the seeding day: never before the order's own day. */
  payments?: { type: 'cod' | 'card' | 'bank_transfer'; share: number; daysAgo: number }[];
  statuses?: { status: string; reason?: string }[];
  documents?: ('proforma_invoice' | 'final_invoice' | 'delivery_note' | 'receipt')[];
  sendLink?: boolean;
};

type Picks = { simple: DemoItem[]; variant: DemoItem };

/**
 * The demo orders of `npm start` (issue 6): every delivery and payment state, through the use cases.
 * Spread over the 60 days before the seeding day (issue 17), so the dashboard's ranges each show
 * something; two are taken on the seeding day itself, so "today" has sales too.
 */
const DEMO_ORDERS: DemoOrder[] = [
  {
    daysAgo: 0,
    customer: 'customer@demo.test',
    items: (p) => [{ ...p.simple[0]!, quantity: 2 }, p.variant],
    over: {
      payment_intent: 'immediate_payment',
      payment_type: 'card',
      delivery_required: true,
      shipping_type: 'standard',
      delivery_address: '4 Rue La Bourdonnais, Curepipe',
      shipping_cost: 150,
    },
    payments: [{ type: 'card', share: 1, daysAgo: 0 }],
    statuses: [{ status: 'shipped' }, { status: 'delivered' }],
    documents: ['proforma_invoice', 'final_invoice', 'delivery_note', 'receipt'],
    sendLink: true,
  },
  // The customer areas (issue 15): a paid order on its way, and an unpaid pending one to pay or modify.
  {
    daysAgo: 4,
    customer: 'customer@demo.test',
    items: (p) => [p.simple[3]!],
    over: { payment_intent: 'payment_later', payment_type: 'bank_transfer', delivery_status: 'processing' },
    payments: [{ type: 'bank_transfer', share: 1, daysAgo: 3 }],
  },
  {
    daysAgo: 1,
    customer: 'customer@demo.test',
    items: (p) => [{ ...p.simple[2]!, quantity: 2 }, p.simple[4]!],
    over: { payment_intent: 'payment_later', payment_type: 'card' },
  },
  {
    daysAgo: 45,
    customer: 'partner@demo.test',
    items: (p) => [{ ...p.simple[0]!, quantity: 3 }],
    over: { payment_intent: 'payment_later', payment_type: 'bank_transfer', delivery_status: 'delivered' },
    payments: [{ type: 'bank_transfer', share: 1, daysAgo: 40 }],
  },
  {
    daysAgo: 12,
    customer: 'partner@demo.test',
    items: (p) => [{ ...p.simple[4]!, quantity: 2 }],
    over: { payment_intent: 'payment_later', payment_type: 'card' },
  },
  {
    daysAgo: 7,
    customer: 'partner@demo.test',
    items: (p) => [{ ...p.simple[1]!, quantity: 5 }],
    over: { payment_intent: 'credit', delivery_status: 'processing', global_discount: 10 },
  },
  {
    daysAgo: 0,
    customer: null,
    guest: { first: 'Walk-in', last: 'Guest', email: 'walk-in.guest@example.test', phone: '+230 5999 0001' },
    items: (p) => [p.simple[2]!],
    over: { payment_intent: 'payment_later', delivery_required: true, shipping_type: 'pickup' },
  },
  {
    daysAgo: 6,
    customer: 'amelia.ramgoolam0@example.test',
    items: (p) => [p.simple[3]!, { ...p.simple[0]!, quantity: 1 }],
    over: {
      payment_intent: 'payment_later',
      delivery_status: 'confirmed',
      delivery_required: true,
      shipping_type: 'express',
      delivery_address: '22 Avenue des Flamboyants, Quatre Bornes',
      shipping_cost: 250,
    },
    payments: [{ type: 'bank_transfer', share: 0.4, daysAgo: 2 }],
    documents: ['proforma_invoice'],
    sendLink: true,
  },
  {
    daysAgo: 33,
    customer: 'noah.dupont1@example.test',
    items: (p) => [p.variant, p.simple[4]!],
    over: {
      payment_intent: 'payment_later',
      delivery_required: true,
      shipping_type: 'standard',
      delivery_address: '7 Coastal Road, Flic en Flac',
      shipping_cost: 150,
      tracking_code: 'MU-TRK-104233',
    },
    payments: [
      { type: 'bank_transfer', share: 0.5, daysAgo: 30 },
      { type: 'cod', share: 0.5, daysAgo: 25 },
    ],
    statuses: [{ status: 'in_transit' }],
  },
  {
    daysAgo: 52,
    customer: 'leila.li2@example.test',
    items: (p) => [p.simple[1]!],
    over: { payment_intent: 'payment_later' },
    statuses: [{ status: 'cancelled', reason: 'Customer changed their mind on the phone' }],
  },
  {
    daysAgo: 27,
    customer: 'ravi.naidoo3@example.test',
    items: (p) => [p.simple[2]!, p.simple[3]!],
    over: {
      payment_intent: 'payment_later',
      delivery_required: true,
      shipping_type: 'overnight',
      delivery_address: '3 Rue Desforges, Port Louis',
      shipping_cost: 400,
    },
    statuses: [{ status: 'failed', reason: 'Nobody at the address, two attempts' }],
  },
  {
    daysAgo: 58,
    customer: 'maya.martin4@example.test',
    items: (p) => [{ ...p.simple[4]!, quantity: 3 }],
    over: { payment_intent: 'payment_later', delivery_status: 'ready' },
  },
];

async function demoPicks(db: Executor): Promise<Picks | null> {
  const simple = await db
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(
      and(
        eq(products.isVariableProduct, false),
        isNull(products.deletedAt),
        eq(products.isActive, true),
        gt(products.stockQuantity, 20),
      ),
    )
    .orderBy(asc(products.id))
    .limit(5);
  const [variant] = await db
    .select({ id: productStocks.id, productId: productStocks.productId, price: productStocks.price })
    .from(productStocks)
    .innerJoin(products, eq(products.id, productStocks.productId))
    .where(and(gt(productStocks.qty, 10), isNull(products.deletedAt), eq(products.isActive, true)))
    .orderBy(asc(productStocks.id))
    .limit(1);
  if (simple.length < 5 || !variant) return null;
  return {
    simple: simple.map((p) => ({
      product_id: p.id,
      quantity: 1,
      price: toDecimalText(fromDecimal(p.price)),
    })),
    variant: {
      product_id: variant.productId,
      product_stock_id: variant.id,
      quantity: 1,
      price: toDecimalText(fromDecimal(variant.price)),
    },
  };
}

/** The body with the grand total the server will compute, as the order form sends it. */
async function withGrandTotal(db: Executor, input: Record<string, unknown>) {
  const draft = orderFormBody.parse({ ...input, grand_total: 0 });
  const snapshot = await snapshotItems(db, draft.order_items_json, { stockManagement: false });
  let shipping = fromDecimal(draft.shipping_cost);
  if (draft.shipping_type === 'pickup' && draft.pickup_point_id) {
    const [point] = await db
      .select({ fee: pickupPoints.serviceFee })
      .from(pickupPoints)
      .where(eq(pickupPoints.id, draft.pickup_point_id));
    shipping = fromDecimal(point?.fee ?? '0');
  }
  const totals = priceOrder(snapshot.items, {
    shipping,
    globalDiscountPercent: draft.global_discount,
    vat: await currentVatSettings(db),
  });
  return {
    body: orderFormBody.parse({ ...input, grand_total: toDecimalText(totals.grandTotal) }),
    total: totals.grandTotal,
  };
}

const isoDaysAgo = (now: Date, days: number) => daysBefore(now, days).toISOString().slice(0, 10);

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/**
 * The rows the database stamps itself (created_at defaults to now()) moved to the order's day: the
 * order, and each payment to its payment date (at the seeding's time of day).
 */
async function backdate(db: Executor, orderId: number, placed: Date, seeded: Date) {
  await db.update(orders).set({ createdAt: placed }).where(eq(orders.id, orderId));
  const time = seeded.toISOString().slice(10);
  await db
    .update(orderPayments)
    .set({ createdAt: sql`(${orderPayments.paymentDate}::text || ${time})::timestamptz` })
    .where(eq(orderPayments.orderId, orderId));
}

/**
 * Demo orders for `npm start` (issue 6): runs only while the shop has no order and has the demo
 * catalogue, customers, a pickup point and a carrier. Orders are taken, paid and moved through
 * the same use cases the order form uses, so stock, payments and the audit trail are real.
 * Answers the ids of the orders it made (empty when it did nothing).
 */
export async function seedDemoOrders(ctx: AppContext, actor: Actor): Promise<number[]> {
  const { db } = ctx;
  const [anyOrder] = await db.select({ id: orders.id }).from(orders).limit(1);
  if (anyOrder) return [];
  const picks = await demoPicks(db);
  if (!picks) return [];
  const emails = DEMO_ORDERS.map((o) => o.customer).filter((e): e is string => e !== null);
  const customers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const customerId = new Map(customers.map((c) => [c.email, c.id]));
  const [point] = await db
    .select({ id: pickupPoints.id })
    .from(pickupPoints)
    .orderBy(asc(pickupPoints.id))
    .limit(1);
  const [carrier] = await db
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(eq(shippingMethods.enabled, true))
    .orderBy(asc(shippingMethods.id))
    .limit(1);
  const seeded = ctx.now();
  const made: number[] = [];
  for (const demo of DEMO_ORDERS) {
    const userId = demo.customer ? customerId.get(demo.customer) : null;
    if (demo.customer && !userId) continue;
    // The use cases run on the order's day: its code, stock movements, audit and documents say so.
    const placed = daysBefore(seeded, demo.daysAgo);
    const dayCtx: AppContext = { ...ctx, now: () => placed };
    const now = seeded;
    const delivery = demo.over.delivery_required === true;
    const firstPayment = demo.payments?.[0];
    const input: Record<string, unknown> = {
      user_id: userId ?? null,
      customer_first_name: demo.guest?.first,
      customer_last_name: demo.guest?.last,
      customer_email: demo.guest?.email,
      customer_phone: demo.guest?.phone,
      seller_id: actor.userId,
      carrier_id: delivery && demo.over.shipping_type !== 'pickup' ? (carrier?.id ?? null) : null,
      pickup_point_id: demo.over.shipping_type === 'pickup' ? (point?.id ?? null) : null,
      order_items_json: JSON.stringify(demo.items(picks).map((i) => ({ discount: 0, ...i }))),
      ...demo.over,
      grand_total: 0,
    };
    const { body, total } = await withGrandTotal(db, input);
    if (body.payment_intent === 'immediate_payment' && firstPayment) {
      body.amount_paid = Number(toDecimalText(cents(Math.round(total * firstPayment.share))));
      body.payment_date = isoDaysAgo(now, firstPayment.daysAgo);
    }
    const saved = await createOrder(dayCtx, actor, body);
    const id = saved.order.id;
    made.push(id);
    const later = body.payment_intent === 'immediate_payment' ? demo.payments?.slice(1) : demo.payments;
    let paid = 0;
    for (const [index, p] of (later ?? []).entries()) {
      const last = index === (later?.length ?? 0) - 1 && paid > 0;
      const amount = last ? total - paid : Math.round(total * p.share);
      paid += amount;
      // Taken on its own day: the payment's audit and updated order say when it came in.
      await addPayment(
        { ...ctx, now: () => daysBefore(seeded, p.daysAgo) },
        actor,
        id,
        paymentBody.parse({
          payment_type: p.type,
          amount: toDecimalText(cents(amount)),
          payment_date: isoDaysAgo(now, p.daysAgo),
          transaction_id: `DEMO-${id}-${index + 1}`,
        }),
      );
    }
    for (const s of demo.statuses ?? []) {
      await updateOrderStatus(
        dayCtx,
        actor,
        id,
        quickStatusBody.parse({ delivery_status: s.status, status_reason: s.reason ?? null }),
      );
    }
    for (const type of demo.documents ?? []) await generateDocument(dayCtx, actor, id, type);
    if (demo.sendLink) await sendCustomerLink(dayCtx, actor, id);
    await backdate(db, id, placed, seeded);
  }
  return made;
}
