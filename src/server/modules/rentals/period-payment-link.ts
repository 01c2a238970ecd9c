import { eq } from 'drizzle-orm';
import { RENTAL_PERIOD_MESSAGES as M } from '../../../contracts/rental-periods';
import { fieldError } from '../../../domain/errors';
import { formatMoney } from '../../../domain/money/money';
import { periodBalance } from '../../../domain/rentals/period-payments';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { conflict } from '../../platform/http/errors';
import { defineJob } from '../../platform/jobs/job-queue';
import { getSettings } from '../../platform/settings/settings-store';
import { defaultCurrency } from '../currencies';
import { listPaymentMethods } from '../shop-setup';
import { isFullyPaid } from './period-paid-state';
import { findPeriodOr404, lockBookingOr404, lockPeriodOr404, moneyOfPeriod } from './periods.queries';
import { rentalPeriods } from './rentals.tables';

type PaymentLinkMail = {
  periodId: number;
  to: string;
  name: string;
  bookingNumber: string;
  periodNumber: number;
  startDate: string;
  endDate: string;
  amountDue: string;
};

/**
 * The period's payment request e-mail, sent by the job queue (docs/decisions/0046): the amount due
 * as it was when staff asked, and how to pay: the bank transfer method's instructions when the shop
 * has an enabled one (shop setup → payment methods).
 */
export const periodPaymentLinkMail = defineJob<PaymentLinkMail>({
  name: 'rentals.period-payment-link-mail',
  async run(ctx, mail) {
    const s = await getSettings(ctx.db, ['company_name', 'site_name']);
    const shop = s.company_name || s.site_name;
    const bank = (await listPaymentMethods(ctx.db, ['enabled'])).find((m) => m.code === 'bank_transfer');
    const howToPay = bank?.instructions?.trim()
      ? `You can pay by bank transfer:\n${bank.instructions.trim()}\n\nPlease quote ${mail.bookingNumber} as the reference.`
      : `Please contact us to arrange the payment, quoting ${mail.bookingNumber} as the reference.`;
    await ctx.mailer.send({
      to: mail.to,
      subject: `Payment due for your rental ${mail.bookingNumber} (period ${mail.periodNumber}) · ${shop}`,
      text:
        `Dear ${mail.name || 'customer'},\n\n` +
        `The rental period ${mail.periodNumber} of your booking ${mail.bookingNumber} ` +
        `(${mail.startDate} to ${mail.endDate}) has ${mail.amountDue} due.\n\n${howToPay}\n\nKind regards,\n${shop}\n`,
    });
  },
});

/**
 * POST /admin/api/rental-periods/{id}/payment-link: queues the e-mail to the booking's customer and
 * marks the invoice payment_link_sent, in one transaction; a fully paid period has nothing to ask.
 */
export async function sendPeriodPaymentLink(ctx: AppContext, actor: Actor, periodId: number) {
  const now = ctx.now();
  const { symbol } = await defaultCurrency(ctx.db);
  return ctx.db.transaction(async (tx) => {
    // The booking's lock first, as every write that takes both does.
    const booking = await lockBookingOr404(tx, (await findPeriodOr404(tx, periodId)).bookingId);
    const period = await lockPeriodOr404(tx, periodId);
    const money = await moneyOfPeriod(tx, period.id);
    if (isFullyPaid(money)) throw conflict(M.linkPaid);
    if (money.total === 0) throw fieldError('period', M.nothingDue);
    if (!booking.customerEmail) throw fieldError('customer_email', M.noCustomerEmail);
    await periodPaymentLinkMail.enqueue(
      tx,
      {
        periodId: period.id,
        to: booking.customerEmail,
        name: booking.customerName,
        bookingNumber: booking.bookingNumber,
        periodNumber: period.periodNumber,
        startDate: period.startDate,
        endDate: period.endDate,
        amountDue: formatMoney(periodBalance(money.total, money.paid), symbol),
      },
      now,
    );
    await tx
      .update(rentalPeriods)
      .set({ invoiceStatus: 'payment_link_sent', updatedAt: now })
      .where(eq(rentalPeriods.id, period.id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_period.payment_link_sent',
      subjectType: 'rental_period',
      subjectId: period.id,
      data: { to: booking.customerEmail },
      ip: actor.ip,
    });
  });
}
