import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONTACT_MESSAGES } from '../../../contracts/contact';
import {
  PUBLIC_RENTAL_MAX_QUANTITY,
  RENTAL_REQUEST_MESSAGES as R,
  RENTAL_MESSAGES,
  type SubmitBookingBody,
} from '../../../contracts/rentals';
import { CUSTOMER_SIDE_ROLES } from '../../../domain/access/account-scope';
import { type FieldErrors, fieldError, validationError } from '../../../domain/errors';
import { cents, formatMoney, fromDecimal, toDecimalText } from '../../../domain/money/money';
import { DAYS_PER_BILLED_MONTH, rentalItemCost } from '../../../domain/rentals/rental-cost';
import type { LoadedSession } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { enforceRateLimits, type RateLimit } from '../../platform/http/rate-limit';
import { shopToday } from '../../platform/settings/settings-store';
import { shopVisibleTo } from '../catalogue';
import { productStocks, products } from '../catalogue/catalogue.tables';
import { defaultCurrency } from '../currencies';
import { activePickupPoints } from '../shop-setup';
import { prepareItems, writeItems } from './booking-items';
import { nextBookingNumber } from './booking-number';
import { priceRentalItems, rentalEndDate } from './price-rental-item';
import { loadAvailability, lockRentalProducts } from './rental-availability';
import { rentalRequestAdminMail, rentalRequestCustomerMail } from './rental-request-mails';
import { rentalBookings } from './rentals.tables';

/** Per visitor's IP, like the contact form (docs/decisions/0055, 0066). */
export const RENTAL_REQUEST_LIMITS: { minute: RateLimit; hour: RateLimit } = {
  minute: { limit: 3, windowSeconds: 60 },
  hour: { limit: 10, windowSeconds: 60 * 60 },
};

/** The public request's booking message (spec 3 §7: the reply returns booking_number). */
export const REQUEST_SUBMITTED = 'Your rental request has been submitted. We will contact you shortly.';

/**
 * A product the shop shows to this visitor (active, not deleted, visible to the role or to guests:
 * spec 2 §6 shop visibility); else null (a 404). Whether it is for rent is the caller's check.
 */
async function rentableProduct(db: Executor, id: number, role: string) {
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      rentalPrice: products.rentalPrice,
      unitRentalLabel: products.unitRentalLabel,
      isVariable: products.isVariableProduct,
      isRental: products.isRentalProduct,
    })
    .from(products)
    .where(and(eq(products.id, id), shopVisibleTo(role)));
  if (!product) return null;
  return product;
}

const rangeOf = (start: string, months: number) => ({
  start,
  end: rentalEndDate(start, months * DAYS_PER_BILLED_MONTH),
});

/**
 * GET /api/rental/product-info/{id}: what the public modal needs (spec 3 §5): the rental price, the
 * variants with the units free from the start date (today unless given) for the months asked (1
 * unless given), the most that may be asked for (min(10, free)), and the active pickup points.
 */
export async function rentalProductInfo(
  ctx: AppContext,
  id: number,
  query: { start_date?: string | undefined; rental_months?: number | undefined },
  role: string,
) {
  const product = await rentableProduct(ctx.db, id, role);
  if (!product?.isRental || product.rentalPrice === null) throw notFound(R.notRentable);
  const today = await shopToday(ctx.db, ctx.now());
  const start = query.start_date ?? today;
  const range = rangeOf(start, query.rental_months ?? 1);
  const variants = product.isVariable
    ? await ctx.db
        .select({ id: productStocks.id, variant: productStocks.variant })
        .from(productStocks)
        .where(eq(productStocks.productId, product.id))
        .orderBy(asc(productStocks.sortOrder), asc(productStocks.id))
    : [];
  const keys = product.isVariable
    ? variants.map((v) => ({ productId: product.id, variantId: v.id }))
    : [{ productId: product.id, variantId: null }];
  const [availability, points, currency] = await Promise.all([
    loadAvailability(ctx.db, keys, null),
    activePickupPoints(ctx.db),
    defaultCurrency(ctx.db),
  ]);
  const price = toDecimalText(fromDecimal(product.rentalPrice));
  const freeOf = (variantId: number | null) =>
    availability.free({ productId: product.id, variantId, ...range });
  const free = product.isVariable ? Math.max(0, ...variants.map((v) => freeOf(v.id))) : freeOf(null);
  return {
    id: product.id,
    name: product.name,
    rental_price: price,
    unit_rental_label: product.unitRentalLabel,
    is_variable_product: product.isVariable,
    /** The shop's date, in its time zone: the earliest start the request accepts. */
    today,
    start_date: range.start,
    end_date: range.end,
    free_units: free,
    max_quantity: Math.min(PUBLIC_RENTAL_MAX_QUANTITY, free),
    variants: variants.map((v) => {
      const units = freeOf(v.id);
      return {
        id: v.id,
        variant: v.variant,
        rental_price: price,
        free_units: units,
        max_quantity: Math.min(PUBLIC_RENTAL_MAX_QUANTITY, units),
      };
    }),
    pickup_points: points.map((p) => ({
      id: p.id,
      name: p.name,
      address: p.address,
      service_fee: toDecimalText(fromDecimal(p.serviceFee)),
    })),
    currency: { code: currency.code, symbol: currency.symbol },
  };
}

/**
 * POST /api/rental/calculate-cost (spec 3 §7, §9): the product's rental price × quantity × started
 * months; rental_months wins over rental_duration (days), 30 days when neither is given.
 */
export async function calculateRentalCost(
  ctx: AppContext,
  input: {
    product_id: number;
    quantity: number;
    rental_duration?: number | undefined;
    rental_months?: number | undefined;
  },
  role: string,
) {
  const product = await rentableProduct(ctx.db, input.product_id, role);
  if (!product) throw notFound();
  if (!product.isRental || product.rentalPrice === null) throw fieldError('product_id', R.notRentable);
  const days = input.rental_months
    ? input.rental_months * DAYS_PER_BILLED_MONTH
    : (input.rental_duration ?? DAYS_PER_BILLED_MONTH);
  const cost = rentalItemCost({
    dailyRate: fromDecimal(product.rentalPrice),
    quantity: input.quantity,
    durationDays: days,
  });
  const currency = await defaultCurrency(ctx.db);
  return {
    base_cost: toDecimalText(cost),
    formatted_cost: formatMoney(cost, currency.symbol),
    rental_duration: days,
    currency: { code: currency.code, symbol: currency.symbol },
  };
}

/** The booking's item fields as the request's own (rental_items.0.quantity → quantity). */
function fromItemFields(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [field.replace(/^rental_items\.0\./, ''), messages]),
  );
}

/** The signed-in visitor's account when it is a customer-side one (never staff or an admin). */
function customerIdOf(session: LoadedSession | null): number | null {
  if (!session?.user) return null;
  const customerSide =
    session.permissions.size === 0 && session.roles.every((role) => CUSTOMER_SIDE_ROLES.includes(role));
  return customerSide ? session.user.id : null;
}

/**
 * POST /api/rental/submit-booking (spec 3 §5, §7; docs/decisions/0066 "The public request"): after
 * the visitor's rate limit, one transaction makes a pending booking (source public) of one item for
 * months × 30 days, under the products' locks so it never overbooks, and queues the visitor's
 * confirmation and the shop's notice.
 */
export async function submitRentalRequest(
  ctx: AppContext,
  req: FastifyRequest,
  session: LoadedSession | null,
  input: SubmitBookingBody,
): Promise<{ id: number; bookingNumber: string }> {
  const now = ctx.now();
  await enforceRateLimits(
    ctx.rateLimits,
    [
      { key: `rental-request:ip:${req.ip}:minute`, rule: RENTAL_REQUEST_LIMITS.minute },
      { key: `rental-request:ip:${req.ip}:hour`, rule: RENTAL_REQUEST_LIMITS.hour },
    ],
    now,
    CONTACT_MESSAGES.throttled,
  );
  return ctx.db.transaction(async (tx) => {
    const today = await shopToday(tx, now);
    const errors: FieldErrors = {};
    if (input.start_date < today) errors.start_date = [R.startDate];
    const product = await rentableProduct(tx, input.product_id, session?.activeRole ?? 'guest');
    if (!product) throw notFound();
    if (!product.isRental || product.rentalPrice === null) throw fieldError('product_id', R.notRentable);
    let pickupFee = 0;
    if (input.delivery_method === 'pickup') {
      const point = (await activePickupPoints(tx)).find((p) => p.id === input.pickup_point_id);
      if (!point) errors.pickup_point_id = [R.pickupPoint];
      else pickupFee = fromDecimal(point.serviceFee);
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);

    // The modal's bound (spec 3 §5): 1 to min(10, the units free for the dates), counted under
    // the product's lock so two requests of the last unit cannot both get it.
    const duration = input.rental_months * DAYS_PER_BILLED_MONTH;
    const itemRequest = {
      product_id: input.product_id,
      product_stock_id: input.product_stock_id ?? null,
      quantity: input.quantity,
      rental_duration: duration,
      rental_start_date: input.start_date,
      discount: 0,
    };
    // The variant first: a variable product needs one of its own.
    const priced = await priceRentalItems(tx, [itemRequest]);
    if (Object.keys(priced.errors).length > 0) throw validationError(fromItemFields(priced.errors));
    await lockRentalProducts(tx, [product.id]);
    const key = { productId: product.id, variantId: input.product_stock_id ?? null };
    const range = { start: input.start_date, end: rentalEndDate(input.start_date, duration) };
    const free = (await loadAvailability(tx, [key], null)).free({ ...key, ...range });
    const max = Math.min(PUBLIC_RENTAL_MAX_QUANTITY, free);
    if (input.quantity > max)
      throw fieldError(
        'quantity',
        max === 0 ? RENTAL_MESSAGES.notAvailable(product.name, 0) : R.quantity(max),
      );
    const prepared = await prepareItems(tx, null, [itemRequest], []);
    const item = prepared.items[0];
    if (Object.keys(prepared.errors).length > 0 || !item)
      throw validationError(fromItemFields(prepared.errors));

    const total = cents(item.cost + pickupFee);
    const [booking] = await tx
      .insert(rentalBookings)
      .values({
        bookingNumber: await nextBookingNumber(tx, Number.parseInt(today.slice(0, 4), 10)),
        userId: customerIdOf(session),
        status: 'pending',
        customerNotes: input.notes ?? null,
        deliveryRequired: input.delivery_method === 'delivery',
        deliveryMethod: input.delivery_method,
        deliveryAddress: input.delivery_method === 'delivery' ? (input.delivery_address ?? null) : null,
        pickupPointId: input.delivery_method === 'pickup' ? (input.pickup_point_id ?? null) : null,
        totalEstimatedCost: toDecimalText(total),
        customerName: input.name,
        customerEmail: input.email,
        customerPhone: input.phone,
        source: 'public',
      })
      .returning();
    await writeItems(
      tx,
      booking!.id,
      [
        {
          ...item,
          pickupCost: toDecimalText(cents(pickupFee)),
          totalCost: toDecimalText(total),
        },
      ],
      [],
    );
    await rentalRequestCustomerMail.enqueue(tx, { bookingId: booking!.id }, now);
    await rentalRequestAdminMail.enqueue(tx, { bookingId: booking!.id }, now);
    return { id: booking!.id, bookingNumber: booking!.bookingNumber };
  });
}
