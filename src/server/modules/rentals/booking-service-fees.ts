import type { z } from 'zod';
import type { serviceFeeBody } from '../../../contracts/rentals';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { storeTotal } from './booking-items';
import { lockBooking } from './bookings.queries';
import type { AdditionalService } from './rentals.tables';

export const SERVICE_FEE_MESSAGES = {
  added: 'Service fee added successfully',
  removed: 'Service fee removed successfully',
  missing: 'This service is not on the booking.',
} as const;

/**
 * POST /admin/rental-bookings/{id}/service-fees (spec 3 §3): adds (or replaces) the additional
 * service of that name, or removes it, and recomputes total_estimated_cost (spec 3 §9).
 */
export async function changeServiceFee(ctx: AppContext, id: number, input: z.output<typeof serviceFeeBody>) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id);
    const services: Record<string, AdditionalService> = { ...booking.additionalServices };
    if (input.remove) {
      if (!(input.name in services)) throw notFound(SERVICE_FEE_MESSAGES.missing);
      delete services[input.name];
    } else {
      services[input.name] = {
        amount: input.amount.toFixed(2),
        type: input.applicationType,
        added_at: now.toISOString(),
        applies_to: input.applicationType === 'recurring' ? 'all_future' : 'next',
        ...(input.description ? { description: input.description } : {}),
      };
    }
    const total = await storeTotal(tx, booking, services);
    return { services, total };
  });
}
