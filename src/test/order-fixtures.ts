import { vats } from '../server/modules/catalogue/catalogue.tables';
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
