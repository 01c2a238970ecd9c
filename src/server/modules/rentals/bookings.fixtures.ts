import { cents, fromDecimal, toDecimalText } from '../../../domain/money/money';
import { rentalItemCost } from '../../../domain/rentals/rental-cost';
import { createProduct, type ProductOverrides } from '../../../test/factories';
import type { Executor } from '../../platform/db/database';
import { rentalEndDate } from './price-rental-item';
import { rentalBookings, rentalItems, rentalPayments } from './rentals.tables';

let counter = 0;

/** A rental product (rental price 20.00, 3 in stock unless overridden). */
export function createRentalProduct(db: Executor, overrides: ProductOverrides = {}) {
  return createProduct(db, {
    isRentalProduct: true,
    rentalPrice: '20.00',
    stockQuantity: 3,
    ...overrides,
  });
}

export type FixtureItem = {
  productId: number;
  productStockId?: number | null;
  productName?: string;
  quantity?: number;
  duration?: number;
  start?: string;
  dailyRate?: string;
};

/** A booking with its items, inserted straight into the tables (no use case involved). */
export async function insertBooking(
  db: Executor,
  options: {
    status?: string;
    userId?: number | null;
    items?: FixtureItem[];
    customerName?: string;
    customerEmail?: string;
    customerPhone?: string | null;
    stockDeductedAt?: Date | null;
    source?: 'admin' | 'public';
    createdAt?: Date;
  } = {},
) {
  counter += 1;
  const items = options.items ?? [];
  const priced = items.map((item) => {
    const quantity = item.quantity ?? 1;
    const duration = item.duration ?? 30;
    const start = item.start ?? '2030-01-01';
    const dailyRate = item.dailyRate ?? '20.00';
    const cost = rentalItemCost({ dailyRate: fromDecimal(dailyRate), quantity, durationDays: duration });
    return {
      productId: item.productId,
      productStockId: item.productStockId ?? null,
      productName: item.productName ?? 'Rental product',
      quantity,
      rentalDuration: duration,
      rentalStartDate: start,
      rentalEndDate: rentalEndDate(start, duration),
      dailyRate,
      totalRentalCost: toDecimalText(cost),
      totalCost: toDecimalText(cost),
    };
  });
  const total = priced.reduce((sum, i) => sum + fromDecimal(i.totalCost), 0);
  const [booking] = await db
    .insert(rentalBookings)
    .values({
      bookingNumber: `RB-FX-${Date.now().toString(36)}-${counter}`,
      status: options.status ?? 'pending',
      userId: options.userId ?? null,
      customerName: options.customerName ?? `Fixture Customer ${counter}`,
      customerEmail: options.customerEmail ?? `fixture${counter}@example.test`,
      customerPhone: options.customerPhone ?? null,
      stockDeductedAt: options.stockDeductedAt ?? null,
      source: options.source ?? 'admin',
      totalEstimatedCost: toDecimalText(cents(total)),
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  const rows = priced.length
    ? await db
        .insert(rentalItems)
        .values(priced.map((p) => ({ ...p, bookingId: booking!.id })))
        .returning()
    : [];
  return { ...booking!, items: rows };
}

export async function insertPayment(
  db: Executor,
  bookingId: number,
  values: { amount?: string; status?: string; periodId?: number | null } = {},
) {
  const [row] = await db
    .insert(rentalPayments)
    .values({
      bookingId,
      amount: values.amount ?? '10.00',
      paymentDate: '2030-01-01',
      status: values.status ?? 'completed',
      periodId: values.periodId ?? null,
    })
    .returning();
  return row!;
}
