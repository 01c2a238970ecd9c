import { eq } from 'drizzle-orm';
import { formatMoney, fromDecimal } from '../../../domain/money/money';
import type { Executor } from '../../platform/db/database';
import { readTogether } from '../../platform/db/read-together';
import { defineJob } from '../../platform/jobs/job-queue';
import { shopMailRecipients } from '../../platform/mail/shop-recipients';
import { getSettings } from '../../platform/settings/settings-store';
import { defaultCurrency } from '../currencies';
import { itemsOfBooking } from './bookings.queries';
import { rentalBookings } from './rentals.tables';

async function requestOf(db: Executor, bookingId: number) {
  const [booking] = await db.select().from(rentalBookings).where(eq(rentalBookings.id, bookingId));
  if (!booking) return null;
  const [items, currency] = await readTogether(db, [
    () => itemsOfBooking(db, booking.id),
    () => defaultCurrency(db),
  ]);
  const lines = items.map((i) => {
    const name = i.variants ? `${i.productName} (${i.variants})` : i.productName;
    return `  ${i.quantity} × ${name}, ${i.rentalStartDate} to ${i.rentalEndDate}  ${formatMoney(fromDecimal(i.totalCost), currency.symbol)}`;
  });
  const delivery =
    booking.deliveryMethod === 'delivery' ? `Delivery to: ${booking.deliveryAddress ?? ''}` : 'Pickup';
  const total = `Estimated total: ${formatMoney(fromDecimal(booking.totalEstimatedCost), currency.symbol)}`;
  return { booking, text: [...lines, '', delivery, total].join('\n') };
}

/**
 * The visitor's confirmation of a public rental request (docs/decisions/0066), queued in the
 * request's transaction: a rolled-back request sends nothing.
 */
export const rentalRequestCustomerMail = defineJob<{ bookingId: number }>({
  name: 'rentals.request-confirmation-mail',
  async run(ctx, { bookingId }) {
    const request = await requestOf(ctx.db, bookingId);
    if (!request) return;
    const s = await getSettings(ctx.db, ['company_name', 'site_name']);
    const shop = s.company_name || s.site_name;
    const { booking } = request;
    await ctx.mailer.send({
      to: booking.customerEmail,
      subject: `Rental request ${booking.bookingNumber} received · ${shop}`,
      text:
        `Dear ${booking.customerName},\n\nThank you for your rental request ${booking.bookingNumber}. ` +
        `We will contact you shortly to confirm it.\n\n${request.text}\n\nKind regards,\n${shop}\n`,
    });
  },
});

/** The shop's notice of a public rental request, to whoever reads the shop's mail (admin_email). */
export const rentalRequestAdminMail = defineJob<{ bookingId: number }>({
  name: 'rentals.request-admin-mail',
  async run(ctx, { bookingId }) {
    const request = await requestOf(ctx.db, bookingId);
    if (!request) return;
    const { booking } = request;
    const s = await getSettings(ctx.db, ['site_name']);
    for (const to of await shopMailRecipients(ctx.db)) {
      await ctx.mailer.send({
        to,
        replyTo: booking.customerEmail,
        subject: `New rental request ${booking.bookingNumber} · ${s.site_name}`,
        text:
          `A visitor asked to rent through the shop.\n\nBooking: ${booking.bookingNumber}\n` +
          `Name: ${booking.customerName}\nEmail: ${booking.customerEmail}\nPhone: ${booking.customerPhone ?? '—'}\n` +
          `Notes: ${booking.customerNotes ?? '—'}\n\n${request.text}\n\n` +
          `${ctx.config.publicUrl}/admin/rental-bookings/${booking.id}/edit\n`,
      });
    }
  },
});
