import { z } from 'zod';
import { parseIsoDate } from '../domain/dates/date-format';
import { BOOKING_MESSAGES, BOOKING_STATUSES, type BookingStatus } from '../domain/rentals/booking-status';
import {
  emailSchema,
  formBoolean,
  moneyAmount,
  optionalText,
  pageParam,
  recordId,
  searchText,
  wholeNumber,
} from './common';

/**
 * The rental booking's contract (spec 3 §3, §5, §7 "Rental bookings (admin)" and "(public and
 * list)"). Periods, deposits and documents have their own contracts (rental-periods.ts,
 * rental-documents.ts). Money travels as decimal text ("12.50"); dates as YYYY-MM-DD.
 */
export { BOOKING_MESSAGES, BOOKING_STATUSES, type BookingStatus };

export const RENTAL_MESSAGES = {
  ...BOOKING_MESSAGES,
  quantity: 'Please enter a valid quantity',
  duration: 'Please enter a valid rental duration',
  product: 'Please choose a product.',
  startDate: 'Please select a valid start date',
  serviceName: 'Service name is required',
  serviceAmount: 'Valid amount is required',
  serviceApplication: 'Please select how to apply this service',
  deliveryMethod: 'Please select either delivery or pickup',
  deliveryAddress: 'Please enter the delivery address.',
  pickupPoint: 'Please choose a valid pickup point.',
  status: 'Please choose a valid status.',
  paymentAmount: 'Please enter a valid payment amount',
  paymentType: 'Please choose a valid payment type.',
  paymentDate: 'Please enter the payment date as YYYY-MM-DD.',
  notAvailable: (name: string, free: number) =>
    free === 0
      ? `${name} is fully booked for these dates.`
      : `Only ${free} of ${name} ${free === 1 ? 'is' : 'are'} free for these dates.`,
  // Fallbacks of spec 3 §8.
  loadFailed: 'Failed to load booking',
  updateFailed: 'Failed to update booking',
  statusFailed: 'Failed to update status',
  paymentFailed: 'Failed to add payment',
} as const;

/** spec 3 §5 "Public rental request modal". */
export const RENTAL_REQUEST_MESSAGES = {
  name: 'Name is required',
  emailRequired: 'Email is required',
  email: 'Please enter a valid email address',
  phone: 'Phone number is required',
  startDate: 'Start date must be today or in the future',
  quantity: (max: number) => `Quantity must be between 1 and ${max}`,
  months: 'Please choose a rental duration of 1 to 12 months.',
  deliveryMethod: 'Please select either delivery or pickup',
  deliveryAddress: 'Please enter the delivery address.',
  pickupPoint: 'Please choose a valid pickup point.',
  notRentable: 'This product cannot be rented.',
} as const;

/** spec 3 §9. */
export const RENTAL_LIST_PAGE_SIZE = 25;
export const PUBLIC_RENTAL_MAX_QUANTITY = 10;
export const PUBLIC_RENTAL_MAX_MONTHS = 12;
export const PAYMENT_TYPES = [
  'bank_transfer',
  'cash',
  'card',
  'online',
  'cheque',
  'credit_card',
  'debit_card',
  'mobile_payment',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const SERVICE_APPLICATION_TYPES = ['next_invoice_only', 'recurring'] as const;
export const DELIVERY_METHODS = ['delivery', 'pickup'] as const;

const M = RENTAL_MESSAGES;

export const isoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => parseIsoDate(v) !== null, message);

/** One row of rental_items[n] (spec 3 §7). An id keeps an existing item; none adds one. */
export const rentalItemInput = z.object({
  id: recordId.optional(),
  product_id: recordId.or(z.literal('').transform(() => undefined)).optional(),
  product_stock_id: z.preprocess((v) => (v === '' ? null : v), recordId.nullable().optional()),
  quantity: wholeNumber(M.quantity, { min: 1, max: 10_000 }),
  rental_duration: wholeNumber(M.duration, { min: 1, max: 3650 }),
  rental_start_date: isoDate(M.startDate),
  /** Staff may set the daily rate; empty takes the product's rental price. */
  daily_rate: z.preprocess(
    (v) => (v === '' ? undefined : v),
    moneyAmount('Please enter a valid daily rate').optional(),
  ),
  discount: z.preprocess(
    (v) => (v === '' || v === undefined ? 0 : v),
    moneyAmount('Please enter a valid discount'),
  ),
});
export type RentalItemInput = z.output<typeof rentalItemInput>;

/** additional_services arrives as JSON text (spec 3 §7); keyed by service name. */
const additionalServiceValue = z.object({
  amount: moneyAmount(M.serviceAmount, { min: 0.01 }),
  type: z.enum(SERVICE_APPLICATION_TYPES, { error: M.serviceApplication }),
  added_at: z.string().max(40).optional(),
  applies_to: z.enum(['next', 'all_future']).default('next'),
  description: optionalText(1000),
});
export const additionalServicesField = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return {};
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return Symbol('invalid');
    }
  },
  z.record(z.string().trim().min(1, M.serviceName).max(120), additionalServiceValue, {
    error: 'The services are not valid JSON.',
  }),
);

/** POST /admin/rental-bookings and POST /admin/rental-bookings/{id} (_method PUT). */
export const bookingSaveBody = z.object({
  user_id: z.preprocess((v) => (v === '' ? null : v), recordId.nullable().optional()),
  status: z.enum(BOOKING_STATUSES, { error: M.status }).default('pending'),
  status_reason: optionalText(1000),
  admin_notes: optionalText(5000),
  customer_notes: optionalText(5000),
  delivery_required: formBoolean.optional(),
  delivery_method: z.enum(DELIVERY_METHODS, { error: M.deliveryMethod }).default('pickup'),
  delivery_address: optionalText(1000),
  pickup_point_id: z.preprocess((v) => (v === '' ? null : v), recordId.nullable().optional()),
  additional_services: additionalServicesField,
  customer_name: optionalText(255),
  customer_email: z.preprocess((v) => (v === '' ? undefined : v), emailSchema.optional()),
  customer_phone: optionalText(50),
  rental_items: z.array(rentalItemInput).max(100).default([]),
});
export type BookingSaveBody = z.output<typeof bookingSaveBody>;

/**
 * POST /admin/rental-bookings/{id}/items: items to add (an id updates that item); with `replace`
 * the list becomes the booking's whole list of items.
 */
export const bookingItemsBody = z.object({
  rental_items: z.array(rentalItemInput).max(100).default([]),
  replace: formBoolean.optional(),
});
export type BookingItemsBody = z.output<typeof bookingItemsBody>;

/** POST|PUT /api/rental/bookings/{id}/status. */
export const bookingStatusBody = z.object({
  status: z.enum(BOOKING_STATUSES, { error: M.status }),
  status_reason: optionalText(1000),
});

export const deliveryMethodBody = z.object({
  delivery_method: z.enum(DELIVERY_METHODS, { error: M.deliveryMethod }),
  pickup_point_id: z.preprocess((v) => (v === '' ? null : v), recordId.nullable().optional()),
});
export const deliveryAddressBody = z.object({ delivery_address: optionalText(1000) });
export const bookingCustomerBody = z.object({
  user_id: z.preprocess((v) => (v === '' ? null : v), recordId.nullable()),
});

/** POST /admin/rental-bookings/{id}/service-fees: the form of spec 3 §3. */
export const serviceFeeBody = z.object({
  name: z.string({ error: M.serviceName }).trim().min(1, M.serviceName).max(120),
  amount: moneyAmount(M.serviceAmount, { min: 0.01 }),
  applicationType: z
    .enum(SERVICE_APPLICATION_TYPES, { error: M.serviceApplication })
    .default('next_invoice_only'),
  description: optionalText(1000),
  /** Remove the service of this name instead of adding it. */
  remove: formBoolean.optional(),
});

/** POST /admin/rental-bookings/{id}/payments and PUT …/payments/{paymentId}. */
export const bookingPaymentBody = z.object({
  payment_type: z.enum(PAYMENT_TYPES, { error: M.paymentType }).default('bank_transfer'),
  amount: moneyAmount(M.paymentAmount, { min: 0.01 }),
  payment_date: isoDate(M.paymentDate),
  transaction_id: optionalText(255),
  payment_details: optionalText(2000),
});

/** GET /api/rental/admin-bookings?page&status&search (25 per page). */
export const bookingListQuery = z.object({
  page: pageParam,
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(BOOKING_STATUSES, { error: M.status }).optional(),
  ),
  search: searchText,
});

/** GET /api/rental-products?simple_list=true[&search]. */
export const rentalProductsQuery = z.object({ simple_list: formBoolean.optional(), search: searchText });

/** POST /api/rental/calculate-cost. */
export const calculateCostBody = z.object({
  product_id: recordId,
  product_stock_id: z.preprocess((v) => (v === '' ? null : v), recordId.nullable().optional()),
  quantity: wholeNumber(M.quantity, { min: 1, max: 10_000 }),
  rental_duration: wholeNumber(M.duration, { min: 1, max: 3650 }).optional(),
  rental_months: wholeNumber(RENTAL_REQUEST_MESSAGES.months, {
    min: 1,
    max: PUBLIC_RENTAL_MAX_MONTHS,
  }).optional(),
});

/**
 * POST /api/rental/submit-booking: the public modal's form (spec 3 §5). The start date's "not in
 * the past" and the quantity's maximum depend on today and the product: the use case checks them
 * with the same messages.
 */
export const submitBookingBody = z
  .object({
    product_id: recordId,
    product_stock_id: z.preprocess((v) => (v === '' ? null : v), recordId.nullable().optional()),
    name: z
      .string({ error: RENTAL_REQUEST_MESSAGES.name })
      .trim()
      .min(1, RENTAL_REQUEST_MESSAGES.name)
      .max(255),
    email: z
      .string({ error: RENTAL_REQUEST_MESSAGES.emailRequired })
      .trim()
      .min(1, RENTAL_REQUEST_MESSAGES.emailRequired)
      .max(255)
      .pipe(z.email({ error: RENTAL_REQUEST_MESSAGES.email }))
      .transform((e) => e.toLowerCase()),
    phone: z
      .string({ error: RENTAL_REQUEST_MESSAGES.phone })
      .trim()
      .min(1, RENTAL_REQUEST_MESSAGES.phone)
      .max(50),
    start_date: isoDate(RENTAL_REQUEST_MESSAGES.startDate),
    quantity: wholeNumber(RENTAL_REQUEST_MESSAGES.quantity(PUBLIC_RENTAL_MAX_QUANTITY), {
      min: 1,
      max: 10_000,
    }),
    rental_months: wholeNumber(RENTAL_REQUEST_MESSAGES.months, {
      min: 1,
      max: PUBLIC_RENTAL_MAX_MONTHS,
    }).default(1),
    delivery_method: z.enum(DELIVERY_METHODS, { error: RENTAL_REQUEST_MESSAGES.deliveryMethod }),
    delivery_address: optionalText(1000),
    pickup_point_id: z.preprocess((v) => (v === '' ? null : v), recordId.nullable().optional()),
    notes: optionalText(2000),
  })
  .superRefine((body, ctx) => {
    if (body.delivery_method === 'delivery' && !body.delivery_address)
      ctx.addIssue({
        code: 'custom',
        path: ['delivery_address'],
        message: RENTAL_REQUEST_MESSAGES.deliveryAddress,
      });
    if (body.delivery_method === 'pickup' && !body.pickup_point_id)
      ctx.addIssue({
        code: 'custom',
        path: ['pickup_point_id'],
        message: RENTAL_REQUEST_MESSAGES.pickupPoint,
      });
  });
export type SubmitBookingBody = z.output<typeof submitBookingBody>;

// ── Replies ───────────────────────────────────────────────────────────────────────────────

export type RentalItemReply = {
  id: number;
  product_id: number;
  product_name: string;
  product_stock_id: number | null;
  variants: string | null;
  quantity: number;
  rental_duration: number;
  rental_start_date: string;
  rental_end_date: string;
  daily_rate: string;
  total_rental_cost: string;
  delivery_cost: string;
  pickup_cost: string;
  service_cost: string;
  discount: string;
  total_cost: string;
  vat_id: number | null;
  vat_info: { name: string; rate: string } | null;
  stored_vat_amount: string;
  /** Units free for the item's dates, besides this booking's own (the item row shows it). */
  available_units: number;
};

export type BookingCustomerReply = {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  user_type: 'individual' | 'company';
  company_name: string | null;
} | null;

export type RentalPaymentReply = {
  id: number;
  period_id: number | null;
  amount: string;
  payment_type: PaymentType;
  payment_date: string;
  transaction_id: string | null;
  payment_details: string | null;
  status: string;
};

/** GET /api/rental-bookings/{id}: the booking the editor loads. */
export type BookingReply = {
  id: number;
  booking_number: string;
  user_id: number | null;
  status: BookingStatus;
  status_reason: string | null;
  status_badge: string;
  admin_notes: string | null;
  customer_notes: string | null;
  delivery_required: boolean;
  delivery_method: 'delivery' | 'pickup';
  delivery_address: string | null;
  pickup_point_id: number | null;
  additional_services: Record<
    string,
    { amount: string; type: string; added_at: string; applies_to: string; description?: string | null }
  >;
  total_estimated_cost: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  stock_deducted_at: string | null;
  created_at: string;
  updated_at: string;
  // The first item's summary (spec 3 §3 product_id, quantity, rental_duration, …).
  product_id: number | null;
  quantity: number | null;
  rental_duration: number | null;
  rental_start_date: string | null;
  rental_end_date: string | null;
  base_rental_price: string | null;
  rental_period_formatted: string | null;
  rental_items: RentalItemReply[];
  customer: BookingCustomerReply;
  rentalPayments: RentalPaymentReply[];
  /** Which transitions the status select may offer now (DECISIONS 16). */
  allowed_statuses: BookingStatus[];
  items_editable: boolean;
};

/** A row of GET /api/rental/admin-bookings. */
export type BookingListRow = {
  id: number;
  booking_number: string;
  customer_name: string;
  customer_email: string;
  status: BookingStatus;
  status_badge: string;
  rental_period_formatted: string | null;
  items_count: number;
  total_estimated_cost: string;
  amount_paid: string;
  created_at: string;
  source: 'admin' | 'public';
};

/** The admin rental side's reply shape (spec 3 §8). */
export type RentalReply<T> = {
  success: boolean;
  message: string;
  errors?: Record<string, string[]>;
  data: T;
};
