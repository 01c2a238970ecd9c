import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { addDays, isoDateInZone } from '../../../domain/dates/date-format';
import { addMoney, fromDecimal, toDecimalText } from '../../../domain/money/money';
import { rentalItemCost } from '../../../domain/rentals/rental-cost';
import { users } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { getSettings } from '../../platform/settings/settings-store';
import { products } from '../catalogue/catalogue.tables';
import { pickupPoints } from '../shop-setup/shop-setup.tables';
import { bookingTotal } from './booking-items';
import { nextBookingNumber } from './booking-number';
import { settleBookingStock } from './booking-stock';
import { rentalEndDate } from './price-rental-item';
import {
  type AdditionalService,
  rentalBookings,
  rentalDeposits,
  rentalItems,
  rentalPayments,
  rentalPeriodItems,
  rentalPeriodServices,
  rentalPeriods,
} from './rentals.tables';

/** The demo catalogue's rental products the demo bookings rent (seed-demo-catalogue). */
const DEMO_RENTALS = {
  bed: 'Hospital bed, electric',
  wheelchair: 'Folding wheelchair',
  walker: 'Rollator walker',
} as const;

type Product = { id: number; name: string; rentalPrice: string };

async function itemOf(
  tx: Tx,
  bookingId: number,
  product: Product,
  quantity: number,
  start: string,
  days: number,
) {
  const cost = rentalItemCost({ dailyRate: fromDecimal(product.rentalPrice), quantity, durationDays: days });
  const [row] = await tx
    .insert(rentalItems)
    .values({
      bookingId,
      productId: product.id,
      productName: product.name,
      quantity,
      rentalDuration: days,
      rentalStartDate: start,
      rentalEndDate: rentalEndDate(start, days),
      dailyRate: product.rentalPrice,
      totalRentalCost: toDecimalText(cost),
      totalCost: toDecimalText(cost),
    })
    .returning();
  return row!;
}

/**
 * Demo rentals for `npm start` (issue 16), only while there are none: a public request waiting
 * (pending), a hospital bed out with the demo customer (active: period 1 paid in full, period 2
 * unpaid with a recurring service, a collected deposit, stock deducted) and two wheelchairs back
 * (returned, stock given back). Periods and the deposit are written straight into their tables;
 * the stock moves through the stock service, as the status route moves it.
 */
export async function seedDemoRentals(ctx: AppContext, actor: { userId: number | null }): Promise<boolean> {
  const [existing] = await ctx.db.select({ id: rentalBookings.id }).from(rentalBookings).limit(1);
  if (existing) return false;
  const rows = await ctx.db
    .select({ id: products.id, name: products.name, rentalPrice: products.rentalPrice })
    .from(products)
    .where(
      and(
        inArray(products.name, Object.values(DEMO_RENTALS)),
        eq(products.isRentalProduct, true),
        eq(products.isVariableProduct, false),
        isNull(products.deletedAt),
      ),
    );
  const byName = new Map(
    rows.filter((r): r is Product => r.rentalPrice !== null).map((r) => [r.name, r] as const),
  );
  const bed = byName.get(DEMO_RENTALS.bed);
  const wheelchair = byName.get(DEMO_RENTALS.wheelchair);
  const walker = byName.get(DEMO_RENTALS.walker);
  if (!bed || !wheelchair || !walker) return false;
  const [customer] = await ctx.db.select().from(users).where(eq(users.email, 'customer@demo.test')).limit(1);
  const [point] = await ctx.db.select().from(pickupPoints).orderBy(asc(pickupPoints.id)).limit(1);
  const now = ctx.now();
  const { app_timezone } = await getSettings(ctx.db, ['app_timezone']);
  const today = isoDateInZone(now, app_timezone);
  const year = Number.parseInt(today.slice(0, 4), 10);

  return ctx.db.transaction(async (tx) => {
    // A visitor's request from the product page, waiting for the shop.
    const [request] = await tx
      .insert(rentalBookings)
      .values({
        bookingNumber: await nextBookingNumber(tx, year),
        status: 'pending',
        source: 'public',
        customerName: 'Maya Fontaine',
        customerEmail: 'maya.fontaine@example.test',
        customerPhone: '+230 5912 3456',
        customerNotes: 'Needed after a knee operation; ground-floor flat.',
        deliveryMethod: point ? 'pickup' : 'delivery',
        deliveryRequired: !point,
        pickupPointId: point?.id ?? null,
        deliveryAddress: point ? null : '8 Avenue des Palmiers, Curepipe',
        createdAt: new Date(now.getTime() - 2 * 3_600_000),
      })
      .returning();
    const requestItem = await itemOf(tx, request!.id, walker, 1, addDays(today, 7), 30);
    await tx
      .update(rentalBookings)
      .set({ totalEstimatedCost: bookingTotal([requestItem.totalCost], {}) })
      .where(eq(rentalBookings.id, request!.id));

    // A bed out with the demo customer for two months: period 1 paid, period 2 due.
    const start = addDays(today, -40);
    const services: Record<string, AdditionalService> = {
      'Weekly disinfection': {
        amount: '15.00',
        type: 'recurring',
        added_at: new Date(now.getTime() - 40 * 86_400_000).toISOString(),
        applies_to: 'all_future',
        description: 'Mattress and rails, every week',
      },
    };
    const customerName = customer
      ? [customer.firstName, customer.lastName].filter(Boolean).join(' ')
      : 'Chloé Customer';
    const [active] = await tx
      .insert(rentalBookings)
      .values({
        bookingNumber: await nextBookingNumber(tx, year),
        userId: customer?.id ?? null,
        status: 'active',
        customerName,
        customerEmail: customer?.email ?? 'customer@demo.test',
        customerPhone: customer?.phone ?? null,
        deliveryMethod: 'delivery',
        deliveryRequired: true,
        deliveryAddress: '4 Rue La Bourdonnais, Port Louis',
        additionalServices: services,
        adminNotes: 'Delivered and assembled by the technician.',
        createdBy: actor.userId,
        createdAt: new Date(now.getTime() - 45 * 86_400_000),
      })
      .returning();
    const bedItem = await itemOf(tx, active!.id, bed, 1, start, 60);
    await tx
      .update(rentalBookings)
      .set({ totalEstimatedCost: bookingTotal([bedItem.totalCost], services) })
      .where(eq(rentalBookings.id, active!.id));
    const [first, second] = await tx
      .insert(rentalPeriods)
      .values([
        {
          bookingId: active!.id,
          periodNumber: 1,
          startDate: start,
          endDate: addDays(start, 29),
          status: 'active_paid',
          invoiceStatus: 'paid',
        },
        {
          bookingId: active!.id,
          periodNumber: 2,
          startDate: addDays(start, 30),
          endDate: addDays(start, 59),
          status: 'active_unpaid',
          invoiceStatus: 'pending',
        },
      ])
      .returning();
    await tx.insert(rentalPeriodItems).values(
      [first!, second!].map((period) => ({
        periodId: period.id,
        productId: bed.id,
        productName: bed.name,
        quantity: 1,
        dailyRate: bed.rentalPrice,
        amount: bed.rentalPrice,
      })),
    );
    await tx.insert(rentalPeriodServices).values(
      [first!, second!].map((period) => ({
        periodId: period.id,
        serviceName: 'Weekly disinfection',
        serviceType: 'recurring',
        amount: '15.00',
        description: 'Mattress and rails, every week',
      })),
    );
    await tx.insert(rentalPayments).values({
      bookingId: active!.id,
      periodId: first!.id,
      amount: toDecimalText(addMoney(fromDecimal(bed.rentalPrice), fromDecimal('15.00'))),
      paymentType: 'bank_transfer',
      paymentDate: start,
      transactionId: 'MCB-20418',
      status: 'completed',
      createdBy: actor.userId,
    });
    await tx.insert(rentalDeposits).values({
      bookingId: active!.id,
      amount: '300.00',
      collectedAmount: '300.00',
      status: 'collected',
      notes: 'Refundable when the bed comes back undamaged.',
      collectedAt: new Date(now.getTime() - 40 * 86_400_000),
    });
    await settleBookingStock(tx, active!, 'active', actor, now);

    // Two wheelchairs rented, paid and brought back.
    const past = addDays(today, -100);
    const [returned] = await tx
      .insert(rentalBookings)
      .values({
        bookingNumber: await nextBookingNumber(tx, year),
        status: 'returned',
        customerName: 'Hotel Le Récif',
        customerEmail: 'frontdesk@lerecif.example.test',
        customerPhone: '+230 5400 1122',
        deliveryMethod: 'delivery',
        deliveryRequired: true,
        deliveryAddress: 'Royal Road, Grand Baie',
        createdBy: actor.userId,
        createdAt: new Date(now.getTime() - 105 * 86_400_000),
      })
      .returning();
    const chairs = await itemOf(tx, returned!.id, wheelchair, 2, past, 60);
    await tx
      .update(rentalBookings)
      .set({ totalEstimatedCost: bookingTotal([chairs.totalCost], {}) })
      .where(eq(rentalBookings.id, returned!.id));
    await tx.insert(rentalPayments).values({
      bookingId: returned!.id,
      amount: chairs.totalCost,
      paymentType: 'card',
      paymentDate: past,
      status: 'completed',
      createdBy: actor.userId,
    });
    const deductedAt = await settleBookingStock(tx, returned!, 'in_transit', actor, now);
    await settleBookingStock(tx, { ...returned!, stockDeductedAt: deductedAt }, 'returned', actor, now);
    return true;
  });
}
