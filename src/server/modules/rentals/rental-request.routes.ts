import { z } from 'zod';
import { recordId, wholeNumber } from '../../../contracts/common';
import {
  calculateCostBody,
  isoDate,
  PUBLIC_RENTAL_MAX_MONTHS,
  RENTAL_REQUEST_MESSAGES as R,
  RENTAL_MESSAGES,
  submitBookingBody,
} from '../../../contracts/rentals';
import { defineRoute } from '../../platform/http/define-route';
import {
  calculateRentalCost,
  REQUEST_SUBMITTED,
  rentalProductInfo,
  submitRentalRequest,
} from './rental-request';

const productInfoQuery = z.object({
  start_date: z.preprocess((v) => (v === '' ? undefined : v), isoDate(RENTAL_MESSAGES.startDate).optional()),
  rental_months: wholeNumber(R.months, { min: 1, max: PUBLIC_RENTAL_MAX_MONTHS }).optional(),
});

/** The public rental request (spec 3 §5 "Public rental request modal", §7): open to any visitor. */
export const rentalRequestRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/rental/product-info/:id',
    auth: 'public',
    params: z.object({ id: recordId }),
    query: productInfoQuery,
    handler: async ({ ctx, params, query, session }) => ({
      success: true,
      message: '',
      data: await rentalProductInfo(ctx, params.id, query, session?.activeRole ?? 'guest'),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/rental/calculate-cost',
    auth: 'public',
    body: calculateCostBody,
    handler: async ({ ctx, body, session }) => ({
      success: true,
      message: '',
      data: await calculateRentalCost(ctx, body, session?.activeRole ?? 'guest'),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/rental/submit-booking',
    auth: 'public',
    body: submitBookingBody,
    handler: async ({ ctx, req, session, body }) => {
      const booking = await submitRentalRequest(ctx, req, session, body);
      return {
        success: true,
        message: REQUEST_SUBMITTED,
        booking_number: booking.bookingNumber,
        data: { id: booking.id, booking_number: booking.bookingNumber },
      };
    },
  }),
];
