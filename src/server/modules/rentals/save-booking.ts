import { sql } from 'drizzle-orm';
import { type BookingSaveBody, RENTAL_MESSAGES as M } from '../../../contracts/rentals';
import { isoDateInZone } from '../../../domain/dates/date-format';
import { addFieldError, type FieldErrors, validationError } from '../../../domain/errors';
import { bookingItemsEditable, bookingSaveErrors } from '../../../domain/rentals/booking-status';
import type { SessionActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { getSettings } from '../../platform/settings/settings-store';
import { checkCustomerAccount, findUser } from '../accounts';
import { findPickupPoint } from '../shop-setup';
import { bookingTotal, prepareItems, sameItems, writeItems } from './booking-items';
import { nextBookingNumber } from './booking-number';
import { settleBookingStock } from './booking-stock';
import {
  type BookingRow,
  bookingStatusOf,
  hasCompletedPayment,
  itemsOfBooking,
  lockBooking,
  periodItemCount,
} from './bookings.queries';
import { type AdditionalService, rentalBookings } from './rentals.tables';

/** spec 3 §3: a booking without a customer account carries a placeholder guest name and e-mail. */
export const GUEST_CUSTOMER = { name: 'Guest', email: 'guest@guest.invalid' } as const;

export const SAVE_MESSAGES = {
  user: 'The selected customer does not exist.',
  pickupPoint: M.pickupPoint,
  created: 'Rental booking created successfully',
  updated: 'Rental booking updated successfully',
} as const;

/** The services as stored: each keeps when it was added, a new one is added now. */
export function servicesOf(
  body: BookingSaveBody['additional_services'],
  stored: Record<string, AdditionalService>,
  now: Date,
): Record<string, AdditionalService> {
  return Object.fromEntries(
    Object.entries(body).map(([name, s]) => [
      name,
      {
        amount: s.amount.toFixed(2),
        type: s.type,
        added_at: s.added_at ?? stored[name]?.added_at ?? now.toISOString(),
        applies_to: s.applies_to,
        ...(s.description ? { description: s.description } : {}),
      },
    ]),
  );
}

/** The pickup point must exist (spec 3 §5 'Please choose a valid pickup point.'). */
export async function checkPickupPoint(tx: Tx, id: number | null | undefined, errors: FieldErrors) {
  if (id && !(await findPickupPoint(tx, id))) addFieldError(errors, 'pickup_point_id', M.pickupPoint);
}

/**
 * POST /admin/rental-bookings (id null) and PUT /admin/rental-bookings/{id} (spec 3 §5, §7): one
 * transaction under the booking's row lock. Items are priced on the server and change only while
 * the booking is pending (DECISIONS 16); they must fit the rental stock (rental-availability.ts);
 * the status change follows bookingSaveErrors and moves stock (booking-stock.ts).
 */
export async function saveBooking(
  ctx: AppContext,
  actor: SessionActor,
  id: number | null,
  body: BookingSaveBody,
): Promise<{ id: number; created: boolean }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const existing: BookingRow | null = id === null ? null : await lockBooking(tx, id);
    const from = existing ? bookingStatusOf(existing) : null;
    const stored = existing ? await itemsOfBooking(tx, existing.id) : [];
    const errors: FieldErrors = {};

    // The customer: a newly chosen one must be a customer-side account (docs/decisions/0035).
    const user = body.user_id ? await findUser(tx, body.user_id) : null;
    if (body.user_id && !user) addFieldError(errors, 'user_id', SAVE_MESSAGES.user);
    if (user && user.id !== existing?.userId) await checkCustomerAccount(tx, user.id);
    await checkPickupPoint(tx, body.pickup_point_id, errors);

    const editable = from === null || bookingItemsEditable(from);
    let priced: Awaited<ReturnType<typeof prepareItems>>['items'] | null = null;
    if (editable) {
      const prepared = await prepareItems(tx, existing?.id ?? null, body.rental_items, stored);
      Object.assign(errors, prepared.errors);
      priced = prepared.items;
    } else if (!sameItems(stored, body.rental_items) && body.rental_items.length > 0) {
      addFieldError(errors, 'rental_items', M.itemsLocked);
    }

    const rules = bookingSaveErrors({
      from,
      to: body.status,
      itemCount: editable ? body.rental_items.length : stored.length,
      periodItemCount: existing ? await periodItemCount(tx, existing.id) : 0,
      hasCompletedPayment: existing ? await hasCompletedPayment(tx, existing.id) : false,
      reason: body.status_reason,
    });
    for (const [field, message] of Object.entries(rules)) addFieldError(errors, field, message);
    if (Object.keys(errors).length > 0) throw validationError(errors);

    const services = servicesOf(body.additional_services, existing?.additionalServices ?? {}, now);
    const itemCosts = priced ? priced.map((i) => i.cost) : stored.map((i) => i.totalCost);
    const fields = {
      userId: user?.id ?? null,
      status: body.status,
      statusReason: body.status_reason ?? null,
      adminNotes: body.admin_notes ?? null,
      customerNotes: body.customer_notes ?? null,
      deliveryRequired: body.delivery_required ?? body.delivery_method === 'delivery',
      deliveryMethod: body.delivery_method,
      deliveryAddress: body.delivery_address ?? null,
      pickupPointId: body.pickup_point_id ?? null,
      additionalServices: services,
      totalEstimatedCost: bookingTotal(itemCosts, services),
      customerName:
        body.customer_name ??
        ([user?.firstName, user?.lastName].filter(Boolean).join(' ') ||
          user?.companyName ||
          GUEST_CUSTOMER.name),
      customerEmail: body.customer_email ?? user?.email ?? GUEST_CUSTOMER.email,
      customerPhone: body.customer_phone ?? user?.phone ?? user?.mobile ?? null,
    };

    let booking: BookingRow;
    if (existing) {
      const [row] = await tx
        .update(rentalBookings)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(sql`${rentalBookings.id} = ${existing.id}`)
        .returning();
      booking = row!;
    } else {
      const { app_timezone } = await getSettings(tx, ['app_timezone']);
      const year = Number.parseInt(isoDateInZone(now, app_timezone).slice(0, 4), 10);
      const [row] = await tx
        .insert(rentalBookings)
        .values({
          ...fields,
          bookingNumber: await nextBookingNumber(tx, year),
          source: 'admin',
          createdBy: actor.userId,
        })
        .returning();
      booking = row!;
    }
    if (priced) {
      const named = new Set(priced.map((i) => i.id).filter((v) => v !== undefined));
      await writeItems(
        tx,
        booking.id,
        priced,
        stored.filter((s) => !named.has(s.id)).map((s) => s.id),
      );
    }
    if (from !== body.status)
      await settleBookingStock(
        tx,
        { ...booking, stockDeductedAt: existing?.stockDeductedAt ?? null },
        body.status,
        actor,
        now,
      );
    return { id: booking.id, created: existing === null };
  });
}
