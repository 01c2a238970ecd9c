import { vats } from '../server/modules/catalogue/catalogue.tables';
import { orderItems, orderPayments, orders } from '../server/modules/orders/orders.tables';
import { shippingMethods } from '../server/modules/shipping/shipping.tables';
import { pickupPoints } from '../server/modules/shop-setup/shop-setup.tables';
import type { Executor } from '../server/platform/db/database';
import { setSettings } from '../server/platform/settings/settings-store';

let counter = 0;

/** A VAT rate of the catalogue (percentage unless said otherwise). */
export async function createVat(
  db: Executor,
  over: { type?: string; rate?: string; isActive?: boolean } = {},
): Promise<number> {
  counter += 1;
  const [row] = await db
    .insert(vats)
    .values({ name: `VAT ${counter}-${Date.now()}`, type: 'percentage', rate: '15', ...over })
    .returning({ id: vats.id });
  return row!.id;
}

export async function createPickupPoint(db: Executor, serviceFee = '7.50', status = 1): Promise<number> {
  counter += 1;
  const [row] = await db
    .insert(pickupPoints)
    .values({ name: `Desk ${counter}`, address: `${counter} Quay Street`, serviceFee, status })
    .returning({ id: pickupPoints.id });
  return row!.id;
}

export async function createCarrier(db: Executor, enabled = true): Promise<number> {
  counter += 1;
  const [row] = await db
    .insert(shippingMethods)
    .values({ name: `Carrier ${counter}-${Date.now()}`, price: '5.00', enabled })
    .returning({ id: shippingMethods.id });
  return row!.id;
}

/** The settings the order tests price and deduct with, unless a test says otherwise. */
export async function orderSettings(
  db: Executor,
  over: {
    vat?: boolean;
    method?: 'inclusive' | 'exclusive';
    stock?: boolean;
    timing?: 'on_order' | 'on_payment' | 'on_shipping';
  } = {},
): Promise<void> {
  await setSettings(db, {
    vat_system_enabled: over.vat ?? true,
    vat_calculation_method: over.method ?? 'exclusive',
    stock_management_enabled: over.stock ?? true,
    stock_deduction_timing: over.timing ?? 'on_order',
  });
}

export type ItemInput = {
  product_id: number | null;
  product_stock_id?: number | null;
  quantity: number;
  price: string | number;
  discount?: number;
};

/** An order form body (spec 1 §7) with these items and grand total. */
export function orderForm(items: ItemInput[], grandTotal: string, over: Record<string, unknown> = {}) {
  return {
    order_items_json: JSON.stringify(items.map((i) => ({ discount: 0, ...i }))),
    grand_total: grandTotal,
    delivery_status: 'pending',
    payment_intent: 'payment_later',
    ...over,
  };
}

let fixtureCounter = 0;

export type OrderFixtureOverrides = Partial<typeof orders.$inferInsert> & {
  /** false: no payment row. */
  withPayment?: boolean;
};

/**
 * An order written straight into the tables (for document and link tests): two items of which one
 * has a variant and a discount, 15% exclusive VAT, shipping 5.00 and a completed payment of 20.00.
 *   item 1: 2 × 10.00 = 20.00, VAT 3.00
 *   item 2: 1 × 1,000.00 less 10% = 900.00, VAT 135.00
 *   items 920.00 + VAT 138.00 + shipping 5.00 = 1,063.00 grand total
 */
export async function createOrderFixture(db: Executor, overrides: OrderFixtureOverrides = {}) {
  fixtureCounter += 1;
  const { withPayment = true, ...fields } = overrides;
  const [order] = await db
    .insert(orders)
    .values({
      orderCode: `ORD-261123-T${String(fixtureCounter).padStart(3, '0')}${Math.random().toString(36).slice(2, 5).toUpperCase()}`,
      customerEmail: `buyer${counter}@example.test`,
      customerFirstName: 'Ada',
      customerLastName: 'Lovelace',
      customerPhone: '+230 5555 0000',
      deliveryRequired: true,
      deliveryAddress: '12 Royal Road, Curepipe',
      address: '12 Royal Road, Curepipe',
      shippingCost: '5.00',
      paymentStatus: 'partial',
      paymentIntent: 'immediate_payment',
      paymentType: 'card',
      amountPaid: withPayment ? '20.00' : '0',
      currencyCode: 'MUR',
      currencySymbol: 'Rs ',
      itemsTotal: '920.00',
      vatTotal: '138.00',
      discountTotal: '0',
      grandTotal: '1063.00',
      ...fields,
    })
    .returning();
  const vat = { vat_status: true, type: 'percentage' as const, rate: 15 };
  await db.insert(orderItems).values([
    {
      orderId: order!.id,
      position: 0,
      productName: 'Garden chair',
      sku: 'GC-1',
      unitSellingLabel: 'piece',
      quantity: 2,
      price: '10.00',
      vatInfo: vat,
      taxAmount: '3.00',
      lineTotal: '23.00',
    },
    {
      orderId: order!.id,
      position: 1,
      productName: 'Oak table',
      sku: 'OT-2',
      variantLabel: 'Large',
      quantity: 1,
      price: '1000.00',
      discount: '10',
      vatInfo: vat,
      taxAmount: '135.00',
      lineTotal: '1035.00',
    },
  ]);
  if (withPayment) {
    await db.insert(orderPayments).values({
      orderId: order!.id,
      amount: '20.00',
      paymentType: 'card',
      paymentDate: '2026-11-20',
      status: 'completed',
    });
  }
  return order!;
}
