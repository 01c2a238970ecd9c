import { eq } from 'drizzle-orm';
import { createProduct } from '../../../test/factories';
import type { Executor } from '../../platform/db/database';
import { vats } from '../catalogue/catalogue.tables';
import {
  type AdditionalService,
  rentalBookings,
  rentalItems,
  rentalPayments,
  rentalPeriodItems,
  rentalPeriodServices,
  rentalPeriods,
} from './rentals.tables';

let counter = 0;

/** A rental product with a daily rate (and a 15% VAT). */
export async function rentalProduct(
  db: Executor,
  rentalPrice = '2.00',
  overrides: Parameters<typeof createProduct>[1] = {},
) {
  counter += 1;
  const [vat] = await db
    .insert(vats)
    .values({ name: `VAT 15 #${counter}-${Date.now().toString(36)}`, type: 'percentage', rate: '15' })
    .returning();
  // Enough units that the fixtures' bookings and periods fit (docs/decisions/0066 "Availability").
  return createProduct(db, {
    isRentalProduct: true,
    rentalPrice,
    vatId: vat!.id,
    stockQuantity: 50,
    ...overrides,
  });
}

/**
 * A booking with one rental item, written straight into the tables (no booking use case): the
 * periods' tests do not depend on how bookings are saved.
 */
export async function insertBooking(
  db: Executor,
  options: {
    productId: number;
    quantity?: number;
    dailyRate?: string;
    startDate?: string;
    additionalServices?: Record<string, AdditionalService>;
    withItem?: boolean;
  },
) {
  counter += 1;
  const [booking] = await db
    .insert(rentalBookings)
    .values({
      bookingNumber: `RB-T${counter}-${Date.now().toString(36)}`,
      status: 'active',
      customerName: 'Ravi Ramsamy',
      customerEmail: 'ravi@example.test',
      additionalServices: options.additionalServices ?? {},
    })
    .returning();
  if (options.withItem !== false) {
    await db.insert(rentalItems).values({
      bookingId: booking!.id,
      productId: options.productId,
      productName: 'Hospital bed',
      quantity: options.quantity ?? 2,
      rentalDuration: 30,
      rentalStartDate: options.startDate ?? '2026-01-01',
      rentalEndDate: '2026-01-30',
      dailyRate: options.dailyRate ?? '2.00',
      totalRentalCost: '4.00',
      totalCost: '4.00',
    });
  }
  return booking!;
}

/** A period with one item of the given amount (and optionally a payment), straight into the tables. */
export async function insertPeriod(
  db: Executor,
  bookingId: number,
  options: {
    periodNumber?: number;
    startDate: string;
    endDate: string;
    status?: string;
    itemAmount?: string;
    productId: number;
    paid?: string;
    serviceAmount?: string;
  },
) {
  const [period] = await db
    .insert(rentalPeriods)
    .values({
      bookingId,
      periodNumber: options.periodNumber ?? 1,
      startDate: options.startDate,
      endDate: options.endDate,
      status: options.status ?? 'active_unpaid',
    })
    .returning();
  if (options.itemAmount)
    await db.insert(rentalPeriodItems).values({
      periodId: period!.id,
      productId: options.productId,
      productName: 'Hospital bed',
      quantity: 1,
      dailyRate: options.itemAmount,
      amount: options.itemAmount,
    });
  if (options.serviceAmount)
    await db.insert(rentalPeriodServices).values({
      periodId: period!.id,
      serviceName: 'Cleaning',
      serviceType: 'recurring',
      amount: options.serviceAmount,
    });
  if (options.paid)
    await db.insert(rentalPayments).values({
      bookingId,
      periodId: period!.id,
      amount: options.paid,
      paymentDate: options.startDate,
    });
  return period!;
}

export async function periodRow(db: Executor, id: number) {
  const [row] = await db.select().from(rentalPeriods).where(eq(rentalPeriods.id, id));
  return row!;
}
