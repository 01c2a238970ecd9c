import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';
import { productStocks, products, vats } from '../catalogue/catalogue.tables';
import { pickupPoints } from '../shop-setup/shop-setup.tables';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Money is numeric(14,2) in the database (docs/decisions/0002). */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * spec 3 §3 Additional service, keyed by name: a service fee on the booking. Amounts are decimal
 * text ("12.50"), as money travels in replies.
 */
export type AdditionalService = {
  amount: string;
  type: 'next_invoice_only' | 'recurring';
  added_at: string;
  applies_to: 'next' | 'all_future';
  description?: string | null;
};

/**
 * spec 3 §3 Rental booking. The customer's name, e-mail and phone are copied onto the booking so a
 * guest request (user_id null) keeps who asked. The first item's product, dates and quantity in the
 * spec's reply (product_id, quantity, rental_start_date, …) are read from the items, not stored
 * twice. total_estimated_cost is kept by the use cases that change items or services.
 */
export const rentalBookings = pgTable(
  'rental_bookings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    bookingNumber: text('booking_number').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    statusReason: text('status_reason'),
    adminNotes: text('admin_notes'),
    customerNotes: text('customer_notes'),
    deliveryRequired: boolean('delivery_required').notNull().default(false),
    deliveryMethod: text('delivery_method').notNull().default('pickup'),
    deliveryAddress: text('delivery_address'),
    pickupPointId: integer('pickup_point_id').references(() => pickupPoints.id, { onDelete: 'set null' }),
    additionalServices: jsonb('additional_services')
      .$type<Record<string, AdditionalService>>()
      .notNull()
      .default({}),
    totalEstimatedCost: money('total_estimated_cost').notNull().default('0'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    /** admin (back office) or public (the rental request modal). */
    source: text('source').notNull().default('admin'),
    /** Set while the booking's units are out of stock (rental_deduction), cleared on return. */
    stockDeductedAt: timestamp('stock_deducted_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rental_bookings_number').on(t.bookingNumber),
    check(
      'rental_bookings_status',
      sql`${t.status} in ('pending', 'quoted', 'ready', 'in_transit', 'active', 'returned', 'overdue', 'failed', 'cancelled')`,
    ),
    check('rental_bookings_delivery_method', sql`${t.deliveryMethod} in ('delivery', 'pickup')`),
    check('rental_bookings_source', sql`${t.source} in ('admin', 'public')`),
    check('rental_bookings_total_not_negative', sql`${t.totalEstimatedCost} >= 0`),
    // The admin list: newest first, by status; and a customer's bookings.
    index('rental_bookings_created').on(t.createdAt, t.id),
    index('rental_bookings_status_created').on(t.status, t.createdAt, t.id),
    index('rental_bookings_user').on(t.userId),
  ],
);

/**
 * spec 3 §3 Rental item: a product (or variant) rented for a number of days from a start date. The
 * cost rule is src/domain/rentals/rental-cost.ts; VAT comes from the pricing engine and is stored.
 */
export const rentalItems = pgTable(
  'rental_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => rentalBookings.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    productStockId: integer('product_stock_id').references(() => productStocks.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    /** The variant's label ("Red / XL"), null for a simple product. */
    variants: text('variants'),
    quantity: integer('quantity').notNull(),
    rentalDuration: integer('rental_duration').notNull(),
    rentalStartDate: date('rental_start_date').notNull(),
    rentalEndDate: date('rental_end_date').notNull(),
    dailyRate: money('daily_rate').notNull(),
    discount: money('discount').notNull().default('0'),
    totalRentalCost: money('total_rental_cost').notNull(),
    deliveryCost: money('delivery_cost').notNull().default('0'),
    pickupCost: money('pickup_cost').notNull().default('0'),
    serviceCost: money('service_cost').notNull().default('0'),
    totalCost: money('total_cost').notNull(),
    vatId: integer('vat_id').references(() => vats.id, { onDelete: 'set null' }),
    vatInfo: jsonb('vat_info').$type<{ name: string; rate: string } | null>(),
    storedVatAmount: money('stored_vat_amount').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rental_items_booking').on(t.bookingId),
    // Availability: the booked units of one product or variant over a date range.
    index('rental_items_product_dates').on(t.productId, t.productStockId, t.rentalStartDate, t.rentalEndDate),
    check('rental_items_quantity', sql`${t.quantity} >= 1`),
    check('rental_items_duration', sql`${t.rentalDuration} >= 1`),
    check('rental_items_dates', sql`${t.rentalEndDate} >= ${t.rentalStartDate}`),
    check(
      'rental_items_money_not_negative',
      sql`${t.dailyRate} >= 0 and ${t.discount} >= 0 and ${t.totalCost} >= 0`,
    ),
  ],
);

/**
 * spec 3 §3 Rental period: one billing period of a booking (DECISIONS 17). Its total is the sum of
 * its items and services, its paid amount the sum of its completed payments: both are read, never
 * stored twice.
 */
export const rentalPeriods = pgTable(
  'rental_periods',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => rentalBookings.id, { onDelete: 'cascade' }),
    periodNumber: integer('period_number').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    status: text('status').notNull().default('pending'),
    /** spec 3 §4 invoice payment statuses: pending, payment_link_sent, paid, overdue. */
    invoiceStatus: text('invoice_status').notNull().default('pending'),
    customerNote: text('customer_note'),
    adminNote: text('admin_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rental_periods_booking_number').on(t.bookingId, t.periodNumber),
    check('rental_periods_dates', sql`${t.endDate} >= ${t.startDate}`),
    check(
      'rental_periods_status',
      sql`${t.status} in ('pending', 'quoted', 'ready', 'in_transit', 'active_unpaid', 'active_paid', 'payment_overdue', 'returned', 'failed', 'cancelled')`,
    ),
    check(
      'rental_periods_invoice_status',
      sql`${t.invoiceStatus} in ('pending', 'payment_link_sent', 'paid', 'overdue')`,
    ),
  ],
);

/** A product rented in a period; amount = daily rate × quantity × started 30 days of the period. */
export const rentalPeriodItems = pgTable(
  'rental_period_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    periodId: integer('period_id')
      .notNull()
      .references(() => rentalPeriods.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    productStockId: integer('product_stock_id').references(() => productStocks.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    variants: text('variants'),
    quantity: integer('quantity').notNull(),
    dailyRate: money('daily_rate').notNull(),
    amount: money('amount').notNull(),
    vatId: integer('vat_id').references(() => vats.id, { onDelete: 'set null' }),
    vatInfo: jsonb('vat_info').$type<{ name: string; rate: string } | null>(),
    storedVatAmount: money('stored_vat_amount').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    index('rental_period_items_period').on(t.periodId),
    check('rental_period_items_quantity', sql`${t.quantity} >= 1`),
    check('rental_period_items_amount', sql`${t.amount} >= 0`),
  ],
);

/** spec 3 §3 Period service: service_name, service_type (one_time default, or recurring), amount. */
export const rentalPeriodServices = pgTable(
  'rental_period_services',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    periodId: integer('period_id')
      .notNull()
      .references(() => rentalPeriods.id, { onDelete: 'cascade' }),
    serviceName: text('service_name').notNull(),
    serviceType: text('service_type').notNull().default('one_time'),
    amount: money('amount').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [
    index('rental_period_services_period').on(t.periodId),
    check('rental_period_services_type', sql`${t.serviceType} in ('one_time', 'recurring')`),
    check('rental_period_services_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * spec 3 §3 Rental payment: a payment on the booking, or on one of its periods (period_id). Only
 * completed payments count as paid.
 */
export const rentalPayments = pgTable(
  'rental_payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => rentalBookings.id, { onDelete: 'cascade' }),
    periodId: integer('period_id').references(() => rentalPeriods.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    paymentType: text('payment_type').notNull().default('bank_transfer'),
    paymentDate: date('payment_date').notNull(),
    transactionId: text('transaction_id'),
    paymentDetails: text('payment_details'),
    status: text('status').notNull().default('completed'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rental_payments_booking').on(t.bookingId),
    index('rental_payments_period').on(t.periodId),
    check('rental_payments_amount', sql`${t.amount} > 0`),
    check(
      'rental_payments_type',
      sql`${t.paymentType} in ('bank_transfer', 'cash', 'card', 'online', 'cheque', 'credit_card', 'debit_card', 'mobile_payment')`,
    ),
    check('rental_payments_status', sql`${t.status} in ('pending', 'completed', 'failed', 'refunded')`),
  ],
);

/** spec 3 §3 Deposit: one per booking; the rules are src/domain/rentals/deposits.ts. */
export const rentalDeposits = pgTable(
  'rental_deposits',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => rentalBookings.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    notes: text('notes'),
    adminNotes: text('admin_notes'),
    collectedAmount: money('collected_amount').notNull().default('0'),
    refundedAmount: money('refunded_amount').notNull().default('0'),
    status: text('status').notNull().default('not_set'),
    refundReason: text('refund_reason'),
    forfeitReason: text('forfeit_reason'),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rental_deposits_booking').on(t.bookingId),
    check(
      'rental_deposits_status',
      sql`${t.status} in ('not_set', 'collected', 'held', 'refunded', 'forfeited')`,
    ),
    check('rental_deposits_amount', sql`${t.amount} > 0`),
    check(
      'rental_deposits_refund',
      sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.collectedAmount}`,
    ),
  ],
);

/**
 * A generated rental document (PDF) of a booking, or of one of its periods (period_id). Each
 * generation is a new version; the newest of a type is the current one (is_current).
 */
export const rentalDocuments = pgTable(
  'rental_documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => rentalBookings.id, { onDelete: 'cascade' }),
    periodId: integer('period_id').references(() => rentalPeriods.id, { onDelete: 'cascade' }),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number'),
    version: integer('version').notNull().default(1),
    storagePath: text('storage_path').notNull(),
    size: integer('size').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'rental_documents_type',
      sql`${t.documentType} in ('rental_agreement', 'delivery_note', 'return_receipt', 'proforma', 'final_invoice')`,
    ),
    index('rental_documents_booking_type').on(t.bookingId, t.periodId, t.documentType, t.version),
  ],
);
