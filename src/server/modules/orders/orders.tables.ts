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
import { currencies } from '../currencies/currencies.tables';
import { shippingMethods } from '../shipping/shipping.tables';
import { pickupPoints } from '../shop-setup/shop-setup.tables';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Money is numeric(14,2) in the database (docs/decisions/0002). */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * spec 1 §3 Order. The customer's name, e-mail and phone are copied onto the order, so a guest
 * order (user_id null) and a later change of the customer's account leave it as it was taken.
 * The VAT system and method in force when the order was priced are kept with it, so a change of
 * the website settings never changes the total of an existing order (docs/decisions/0030).
 * Deleting an order keeps the row (deleted_at): its invoice numbers stay accounted for.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderCode: text('order_code').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: integer('seller_id').references(() => users.id, { onDelete: 'set null' }),
    carrierId: integer('carrier_id').references(() => shippingMethods.id, { onDelete: 'set null' }),
    orderFrom: text('order_from').notNull().default('backend'),
    customerEmail: text('customer_email'),
    customerFirstName: text('customer_first_name'),
    customerLastName: text('customer_last_name'),
    customerPhone: text('customer_phone'),
    deliveryStatus: text('delivery_status').notNull().default('pending'),
    statusReason: text('status_reason'),
    deliveredDate: timestamp('delivered_date', { withTimezone: true }),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    paymentIntent: text('payment_intent').notNull().default('payment_later'),
    paymentType: text('payment_type'),
    amountPaid: money('amount_paid').notNull().default('0'),
    deliveryRequired: boolean('delivery_required').notNull().default(false),
    deliveryAddress: text('delivery_address'),
    shippingCost: money('shipping_cost').notNull().default('0'),
    shippingType: text('shipping_type').notNull().default('standard'),
    pickupPointId: integer('pickup_point_id').references(() => pickupPoints.id, { onDelete: 'set null' }),
    trackingCode: text('tracking_code'),
    address: text('address'),
    globalDiscount: numeric('global_discount', { precision: 5, scale: 2 }).notNull().default('0'),
    currencyId: integer('currency_id').references(() => currencies.id, { onDelete: 'set null' }),
    currencyCode: text('currency_code').notNull().default('USD'),
    currencySymbol: text('currency_symbol').notNull().default('$'),
    paymentDate: date('payment_date'),
    transactionId: text('transaction_id'),
    paymentDetails: text('payment_details'),
    notified: boolean('notified').notNull().default(false),
    deliveryDate: date('delivery_date'),
    additionalInfo: text('additional_info'),
    stockDeductedAt: timestamp('stock_deducted_at', { withTimezone: true }),
    vatEnabled: boolean('vat_enabled').notNull().default(true),
    vatMethod: text('vat_method').notNull().default('exclusive'),
    itemsTotal: money('items_total').notNull().default('0'),
    vatTotal: money('vat_total').notNull().default('0'),
    discountTotal: money('discount_total').notNull().default('0'),
    grandTotal: money('grand_total').notNull().default('0'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_order_code_unique').on(t.orderCode),
    check('orders_order_from', sql`${t.orderFrom} in ('backend', 'web')`),
    check(
      'orders_delivery_status',
      sql`${t.deliveryStatus} in ('pending', 'confirmed', 'processing', 'ready', 'shipped', 'in_transit', 'delivered', 'failed', 'cancelled')`,
    ),
    check(
      'orders_payment_status',
      sql`${t.paymentStatus} in ('unpaid', 'credit', 'paid', 'partial', 'refunded')`,
    ),
    check(
      'orders_payment_intent',
      sql`${t.paymentIntent} in ('payment_later', 'credit', 'immediate_payment')`,
    ),
    check(
      'orders_shipping_type',
      sql`${t.shippingType} in ('standard', 'express', 'overnight', 'pickup', 'others')`,
    ),
    check('orders_vat_method', sql`${t.vatMethod} in ('inclusive', 'exclusive')`),
    check(
      'orders_money_not_negative',
      sql`${t.grandTotal} >= 0 and ${t.amountPaid} >= 0 and ${t.shippingCost} >= 0`,
    ),
    check('orders_global_discount', sql`${t.globalDiscount} >= 0 and ${t.globalDiscount} <= 100`),
    // The list's default order (newest first, id breaking ties), and each status filter in that
    // order (issue 13). Where an order comes from has two values: it rides the default order.
    // The list's sort indexes hold only live orders, so a deep page finds its ids in the index
    // alone (issue 18).
    index('orders_recent').on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    // The few deleted orders, whose payments the dashboard takes out of its kept days (0080).
    index('orders_deleted').on(t.id).where(sql`${t.deletedAt} is not null`),
    index('orders_user').on(t.userId),
    index('orders_statuses').on(t.deliveryStatus, t.paymentStatus),
    index('orders_payment_status').on(t.paymentStatus, t.createdAt),
    // The list's other sorts walk an index too (issue 18: page 500 by total read and sorted all
    // 200,000 orders, 1.2 s). The customer sort is the list's own expression (orders-list.queries).
    index('orders_grand_total').on(t.grandTotal, t.id).where(sql`${t.deletedAt} is null`),
    index('orders_customer_sort')
      .on(
        sql`lower(trim(coalesce(${t.customerFirstName}, '') || ' ' || coalesce(${t.customerLastName}, '')))`,
        t.id,
      )
      .where(sql`${t.deletedAt} is null`),
    index('orders_search_trgm').using(
      'gin',
      sql`(${t.orderCode} || ' ' || coalesce(${t.customerFirstName}, '') || ' ' || coalesce(${t.customerLastName}, '') || ' ' || coalesce(${t.customerEmail}, '')) gin_trgm_ops`,
    ),
  ],
);

export type VatInfoSnapshot = {
  vat_status: boolean;
  type: 'percentage' | 'fixed' | 'exempt' | 'zero';
  rate: number;
};

/**
 * spec 1 §3 Order item: the product's name, unit label, variant label and VAT are copied when the
 * item is saved, so later catalogue edits never rewrite a taken order. price is the unit price
 * charged (after product discounts and rules), discount the item's own percent, tax_amount the
 * VAT of the line as priced, line_total what the line adds to the order.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: integer('variant_id').references(() => productStocks.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    sku: text('sku'),
    variantLabel: text('variant_label'),
    unitSellingLabel: text('unit_selling_label'),
    quantity: integer('quantity').notNull(),
    price: money('price').notNull(),
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
    vatId: integer('vat_id').references(() => vats.id, { onDelete: 'set null' }),
    vatInfo: jsonb('vat_info').$type<VatInfoSnapshot | null>(),
    taxAmount: money('tax_amount').notNull().default('0'),
    lineTotal: money('line_total').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_price_not_negative', sql`${t.price} >= 0`),
    check('order_items_discount', sql`${t.discount} >= 0 and ${t.discount} <= 100`),
    index('order_items_order').on(t.orderId, t.position),
    index('order_items_product').on(t.productId, t.variantId),
  ],
);

/** spec 1 §3 Payment record; only completed payments count as paid. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('completed'),
    amount: money('amount').notNull(),
    paymentType: text('payment_type').notNull(),
    paymentDate: date('payment_date').notNull(),
    transactionId: text('transaction_id'),
    paymentDetails: text('payment_details'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('order_payments_amount_positive', sql`${t.amount} > 0`),
    check('order_payments_status', sql`${t.status} in ('completed', 'pending', 'failed', 'refunded')`),
    index('order_payments_order').on(t.orderId),
    // The dashboard's payment statistics filter on the payment date (issue 17, migration 0027).
    index('order_payments_payment_date').on(t.paymentDate),
    // The dashboard's recent payments, newest first (read on every dashboard load).
    index('order_payments_recent').on(t.createdAt, t.id),
  ],
);

/**
 * spec 1 §3 Document, DECISIONS 12: every generation is a stored PDF, a version in the history of
 * its type. Final invoices and credit notes carry a number that stays the same across versions.
 */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
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
      'order_documents_type',
      sql`${t.documentType} in ('proforma_invoice', 'final_invoice', 'delivery_note', 'receipt', 'shipping_label', 'credit_note', 'packing_slip')`,
    ),
    index('order_documents_order_type').on(t.orderId, t.documentType, t.version),
  ],
);

/**
 * DECISIONS 12: the number an order got per numbered document type, so regenerating keeps it. The
 * (type, year) counters are platform/db/sequences.tables.ts.
 */
export const orderDocumentNumbers = pgTable(
  'order_document_numbers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_document_numbers_order_type').on(t.orderId, t.documentType),
    uniqueIndex('order_document_numbers_number').on(t.documentNumber),
  ],
);

/**
 * DECISIONS 11: a customer order link. Only the token's hash is stored; each send makes a new link
 * and the newest one is the order's link. Status is derived when read (active, expired, used_up),
 * and `error` when sending failed.
 */
export const orderLinks = pgTable(
  'order_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usesRemaining: integer('uses_remaining').notNull(),
    sendError: text('send_error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('order_links_token_hash').on(t.tokenHash),
    index('order_links_order').on(t.orderId, t.sentAt),
    check('order_links_uses_not_negative', sql`${t.usesRemaining} >= 0`),
  ],
);
