import { createProduct } from '../../../test/factories';
import type { Executor } from '../../platform/db/database';
import {
  rentalBookings,
  rentalDeposits,
  rentalItems,
  rentalPayments,
  rentalPeriodItems,
  rentalPeriodServices,
  rentalPeriods,
} from './rentals.tables';

let counter = 0;

export type DocumentsFixtureOptions = {
  status?: (typeof rentalBookings.$inferInsert)['status'];
  customerEmail?: string;
  /** Periods to add, each with one item and optionally a service and a completed payment. */
  periods?: { status?: string; itemAmount: string; serviceAmount?: string; paid?: string }[];
  /** A completed payment on the booking itself (no period). */
  bookingPayment?: string;
  deposit?: { amount: string; status: string; collected?: string; refunded?: string };
  withItems?: boolean;
};

/**
 * A rental booking for the document tests, inserted straight into the tables (no use case of the
 * booking or period engineers): one item "Hospital bed" × 2 at 45.00 for 60 days (180.00), a
 * service fee "Delivery & setup" of 25.00, total_estimated_cost 205.00, plus what the options ask.
 */
export async function createDocumentsFixture(db: Executor, options: DocumentsFixtureOptions = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-4)}${counter}`.toUpperCase();
  const product = await createProduct(db, { name: `Hospital bed ${tag}` });
  const [booking] = await db
    .insert(rentalBookings)
    .values({
      bookingNumber: `RNT-2026-T${tag}`,
      status: options.status ?? 'pending',
      customerName: 'Chloé Lagesse',
      customerEmail: options.customerEmail ?? `chloe${tag.toLowerCase()}@example.test`,
      customerPhone: '+230 5777 1234',
      deliveryRequired: true,
      deliveryMethod: 'delivery',
      deliveryAddress: '4 Rue La Bourdonnais, Curepipe',
      additionalServices: {
        'Delivery & setup': {
          amount: '25.00',
          type: 'next_invoice_only',
          added_at: '2026-11-20',
          applies_to: 'next',
          description: 'Brought up and assembled',
        },
      },
      totalEstimatedCost: '205.00',
    })
    .returning();
  const bookingId = booking!.id;
  if (options.withItems !== false) {
    await db.insert(rentalItems).values({
      bookingId,
      productId: product.id,
      productName: 'Hospital bed',
      quantity: 2,
      rentalDuration: 60,
      rentalStartDate: '2026-12-01',
      rentalEndDate: '2027-01-29',
      dailyRate: '45.00',
      totalRentalCost: '180.00',
      totalCost: '180.00',
    });
  }
  const periods = [];
  for (const [i, p] of (options.periods ?? []).entries()) {
    const [period] = await db
      .insert(rentalPeriods)
      .values({
        bookingId,
        periodNumber: i + 1,
        startDate: `2026-${String(12 - (options.periods!.length - 1 - i)).padStart(2, '0')}-01`,
        endDate: `2026-${String(12 - (options.periods!.length - 1 - i)).padStart(2, '0')}-28`,
        status: p.status ?? 'active_unpaid',
      })
      .returning();
    await db.insert(rentalPeriodItems).values({
      periodId: period!.id,
      productId: product.id,
      productName: 'Hospital bed',
      quantity: 2,
      dailyRate: '45.00',
      amount: p.itemAmount,
    });
    if (p.serviceAmount)
      await db
        .insert(rentalPeriodServices)
        .values({ periodId: period!.id, serviceName: 'Weekly cleaning', amount: p.serviceAmount });
    if (p.paid)
      await db.insert(rentalPayments).values({
        bookingId,
        periodId: period!.id,
        amount: p.paid,
        paymentDate: '2026-11-25',
        paymentType: 'bank_transfer',
        transactionId: `TX-${tag}-${i}`,
      });
    periods.push(period!);
  }
  if (options.bookingPayment)
    await db
      .insert(rentalPayments)
      .values({ bookingId, amount: options.bookingPayment, paymentDate: '2026-11-24', paymentType: 'cash' });
  if (options.deposit)
    await db.insert(rentalDeposits).values({
      bookingId,
      amount: options.deposit.amount,
      status: options.deposit.status,
      collectedAmount: options.deposit.collected ?? '0',
      refundedAmount: options.deposit.refunded ?? '0',
    });
  return { booking: booking!, periods, product };
}
