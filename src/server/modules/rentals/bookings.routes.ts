import { z } from 'zod';
import { recordId } from '../../../contracts/common';
import {
  bookingCustomerBody,
  bookingItemsBody,
  bookingListQuery,
  bookingPaymentBody,
  bookingSaveBody,
  bookingStatusBody,
  deliveryAddressBody,
  deliveryMethodBody,
  RENTAL_LIST_PAGE_SIZE,
  rentalProductsQuery,
  serviceFeeBody,
} from '../../../contracts/rentals';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import { actorOf } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { defineRoute } from '../../platform/http/define-route';
import { idempotent } from '../../platform/idempotency/idempotency';
import { changeBookingCustomer, changeDeliveryAddress, changeDeliveryMethod } from './booking-fields';
import { changeBookingItems } from './booking-items-change';
import {
  addBookingPayment,
  deleteBookingPayment,
  PAYMENT_MESSAGES,
  updateBookingPayment,
} from './booking-payments';
import { bookingReply } from './booking-reply';
import { changeServiceFee, SERVICE_FEE_MESSAGES } from './booking-service-fees';
import { changeBookingStatus } from './booking-status-change';
import { bookingStockStatus } from './booking-stock';
import {
  BOOKING_STATUS_BADGES,
  presentBookingRow,
  presentPayment,
  presentServices,
} from './bookings.presenter';
import { bookingListPage, rentalProducts } from './bookings.queries';
import { SAVE_MESSAGES, saveBooking } from './save-booking';

/** Every rental admin route needs rentals.manage (DECISIONS 1, src/domain/access/permissions.ts). */
const auth = { permission: 'rentals.manage' } as const;
const bookingParam = z.object({ id: recordId });
const paymentParam = z.object({ id: recordId, paymentId: recordId });

/** spec 3 §8: the admin rental side answers success, message and data. */
async function withBooking(ctx: AppContext, id: number, message: string) {
  const booking = await bookingReply(ctx.db, id);
  return { success: true, message, data: booking };
}

async function saved(ctx: AppContext, id: number, message: string) {
  const booking = await bookingReply(ctx.db, id);
  return {
    success: true,
    message,
    data: {
      id: booking.id,
      booking_number: booking.booking_number,
      status: booking.status,
      status_badge: booking.status_badge,
      booking,
    },
  };
}

/** The rental booking server (issue 16): spec 3 §7 "Rental bookings (admin)" and the list. */
export const bookingsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/rental-bookings/:id',
    auth,
    params: bookingParam,
    handler: ({ ctx, params }) => withBooking(ctx, params.id, ''),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/rental-bookings/:id/stock-status',
    auth,
    params: bookingParam,
    handler: async ({ ctx, params }) => ({
      success: true,
      message: '',
      data: await bookingStockStatus(ctx.db, params.id),
    }),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/rental/admin-bookings',
    auth,
    query: bookingListQuery,
    handler: async ({ ctx, query }) => {
      const page = await bookingListPage(ctx.db, query, RENTAL_LIST_PAGE_SIZE);
      return { success: true, message: '', ...page, data: page.data.map(presentBookingRow) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/rental-products',
    auth,
    query: rentalProductsQuery,
    handler: async ({ ctx, query }) => ({
      success: true,
      message: '',
      data: (await rentalProducts(ctx.db, query.search)).map((p) => ({
        id: p.id,
        name: p.name,
        sku: p.sku,
        rental_price: p.rentalPrice === null ? null : toDecimalText(fromDecimal(p.rentalPrice)),
        unit_rental_label: p.unitRentalLabel,
        is_variable_product: p.isVariable,
        stock_quantity: p.stockQuantity,
        variations: p.variants.map((v) => ({
          id: v.id,
          variant: v.variant,
          qty: v.qty,
          rental_price: p.rentalPrice === null ? null : toDecimalText(fromDecimal(p.rentalPrice)),
        })),
      })),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/rental-bookings',
    auth,
    body: bookingSaveBody,
    handler: async ({ ctx, req, session, body }) => {
      const result = await saveBooking(ctx, actorOf(session, req), null, body);
      return saved(ctx, result.id, SAVE_MESSAGES.created);
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/rental-bookings/:id',
    auth,
    params: bookingParam,
    body: bookingSaveBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const result = await saveBooking(ctx, actorOf(session, req), params.id, body);
      return saved(ctx, result.id, SAVE_MESSAGES.updated);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/rental-bookings/:id/delivery-method',
    auth,
    params: bookingParam,
    body: deliveryMethodBody,
    handler: async ({ ctx, params, body }) => {
      await changeDeliveryMethod(ctx, params.id, body);
      return withBooking(ctx, params.id, 'Delivery method updated successfully');
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/rental-bookings/:id/delivery-address',
    auth,
    params: bookingParam,
    body: deliveryAddressBody,
    handler: async ({ ctx, params, body }) => {
      await changeDeliveryAddress(ctx, params.id, body);
      return withBooking(ctx, params.id, 'Delivery address updated successfully');
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/rental-bookings/:id/customer',
    auth,
    params: bookingParam,
    body: bookingCustomerBody,
    handler: async ({ ctx, params, body }) => {
      await changeBookingCustomer(ctx, params.id, body);
      return withBooking(ctx, params.id, 'Customer updated successfully');
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/rental-bookings/:id/items',
    auth,
    params: bookingParam,
    body: bookingItemsBody,
    handler: async ({ ctx, params, body }) => {
      await changeBookingItems(ctx, params.id, body);
      return withBooking(ctx, params.id, 'Rental items updated successfully');
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/rental-bookings/:id/service-fees',
    auth,
    params: bookingParam,
    body: serviceFeeBody,
    handler: async ({ ctx, params, body }) => {
      const result = await changeServiceFee(ctx, params.id, body);
      return {
        success: true,
        message: body.remove ? SERVICE_FEE_MESSAGES.removed : SERVICE_FEE_MESSAGES.added,
        data: {
          additional_services: presentServices(result.services),
          total_estimated_cost: result.total,
        },
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/rental-bookings/:id/payments',
    auth,
    params: bookingParam,
    body: bookingPaymentBody,
    // DECISIONS 25: the same payment sent twice with one Idempotency-Key is recorded once.
    handler: async ({ ctx, req, reply, session, params, body }) =>
      idempotent(
        ctx,
        req,
        reply,
        { scope: 'rental.add_payment', userId: session.user.id, body },
        async () => ({
          success: true,
          message: PAYMENT_MESSAGES.added,
          data: presentPayment(await addBookingPayment(ctx, actorOf(session, req), params.id, body)),
        }),
      ),
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/rental-bookings/:id/payments/:paymentId',
    auth,
    params: paymentParam,
    body: bookingPaymentBody,
    handler: async ({ ctx, params, body }) => ({
      success: true,
      message: PAYMENT_MESSAGES.updated,
      data: presentPayment(await updateBookingPayment(ctx, params.id, params.paymentId, body)),
    }),
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/rental-bookings/:id/payments/:paymentId',
    auth,
    params: paymentParam,
    handler: async ({ ctx, params }) => {
      await deleteBookingPayment(ctx, params.id, params.paymentId);
      return { success: true, message: PAYMENT_MESSAGES.deleted, data: null };
    },
  }),

  ...(['POST', 'PUT'] as const).map((method) =>
    defineRoute({
      method,
      url: '/api/rental/bookings/:id/status',
      auth,
      params: bookingParam,
      body: bookingStatusBody,
      handler: async ({ ctx, req, session, params, body }) => {
        const result = await changeBookingStatus(ctx, actorOf(session, req), params.id, body);
        return {
          success: true,
          message: 'Status updated successfully',
          data: {
            status: result.status,
            status_badge: BOOKING_STATUS_BADGES[result.status],
            stock_deducted_at: result.stockDeductedAt?.toISOString() ?? null,
          },
        };
      },
    }),
  ),
];
