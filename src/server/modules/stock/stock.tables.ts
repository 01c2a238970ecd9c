import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';
import { productStocks, products } from '../catalogue/catalogue.tables';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** spec 2 §3 Store location. */
export const storeLocations = pgTable('store_locations', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  code: text('code'),
  description: text('description'),
  address: text('address'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Stock of a product (variant_id null) or a variant at one store location. The item's total stays
 * in products.stock_quantity / product_stocks.qty: the sum of these rows plus any stock not placed
 * at a location (docs/decisions/0018). Only the stock service writes here.
 */
export const locationStocks = pgTable(
  'location_stocks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productStocks.id, { onDelete: 'cascade' }),
    storeLocationId: integer('store_location_id')
      .notNull()
      .references(() => storeLocations.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
    /**
     * The row's state on the stock sheet, kept by database triggers (migration 0036,
     * docs/decisions/0084): 'out', 'low' or 'in' by its quantity and the product's threshold for
     * the rows the sheet lists (a variable product's variants, a simple product's own row, of a
     * kept product), null for the others. Never written by the app: the trigger sets it on every
     * write of the row and when the product's threshold, kind or deletion changes.
     */
    sheetState: text('sheet_state'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('location_stocks_quantity_not_negative', sql`${t.quantity} >= 0`),
    uniqueIndex('location_stocks_item_location').on(
      t.productId,
      sql`coalesce(${t.variantId}, 0)`,
      t.storeLocationId,
    ),
    index('location_stocks_location').on(t.storeLocationId),
    // The sheet filtered by state at a location reads the products it lists from here, in order
    // of product, without probing every product (decision 0084).
    index('location_stocks_sheet_state')
      .on(t.storeLocationId, t.sheetState, t.productId)
      .where(sql`${t.sheetState} is not null`),
  ],
);

/**
 * Per store location and product, how many of the product's location rows are in each sheet state
 * (docs/decisions/0105): kept by a database trigger on location_stocks (migration 0039) as each
 * row's kept state changes, so the sheet at a location counts its products from one short index
 * entry per product (26,000 products in 3 ms) where it grouped their rows (72,000 rows, 10 ms).
 * Never written by the app. A product with no listed row at the location has zeros or no row.
 */
export const locationSheetProducts = pgTable(
  'location_sheet_products',
  {
    storeLocationId: integer('store_location_id')
      .notNull()
      .references(() => storeLocations.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    outRows: integer('out_rows').notNull().default(0),
    lowRows: integer('low_rows').notNull().default(0),
    inRows: integer('in_rows').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeLocationId, t.productId] }),
    check(
      'location_sheet_products_not_negative',
      sql`${t.outRows} >= 0 and ${t.lowRows} >= 0 and ${t.inRows} >= 0`,
    ),
    // The products the sheet lists at a location: out of stock, low, or in any state.
    index('location_sheet_products_out').on(t.storeLocationId, t.productId).where(sql`${t.outRows} > 0`),
    index('location_sheet_products_low').on(t.storeLocationId, t.productId).where(sql`${t.lowRows} > 0`),
    index('location_sheet_products_listed')
      .on(t.storeLocationId, t.productId)
      .where(sql`${t.outRows} + ${t.lowRows} + ${t.inRows} > 0`),
  ],
);

/** spec 2 §3 Stock movement: one row per change of stock, written by the stock service. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productStocks.id, { onDelete: 'set null' }),
    storeLocationId: integer('store_location_id').references(() => storeLocations.id, {
      onDelete: 'set null',
    }),
    /** increase, decrease, adjustment (domain/stock MOVEMENT_TYPES). */
    movementType: text('movement_type').notNull(),
    /** One of spec 2 §9's reasons (domain/stock STOCK_REASONS). */
    reason: text('reason').notNull(),
    /** Signed: quantity_after - quantity_before of the item's total. */
    quantityChanged: integer('quantity_changed').notNull(),
    quantityBefore: integer('quantity_before').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    /** order or booking, with its id; null for manual changes. */
    referenceType: text('reference_type'),
    referenceId: integer('reference_id'),
    /** The reference as people know it (an order's code), kept even after the order is deleted. */
    referenceLabel: text('reference_label'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    check('stock_movements_type', sql`${t.movementType} in ('increase', 'decrease', 'adjustment')`),
    index('stock_movements_item').on(t.productId, t.variantId, t.createdAt),
    // A product's history of all its variants, newest first (issue 13).
    index('stock_movements_product_recent').on(t.productId, t.createdAt, t.id),
    // The overview's latest movements of the whole shop.
    index('stock_movements_recent').on(t.createdAt, t.id),
    index('stock_movements_reference').on(t.referenceType, t.referenceId),
  ],
);

/**
 * The stock an order or booking holds: at most one row per reference and item (the unique index),
 * so a deduction never runs twice (DECISIONS 10); a return removes the row and puts back what it
 * took, where it took it.
 */
export const stockDeductions = pgTable(
  'stock_deductions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    referenceType: text('reference_type').notNull(),
    referenceId: integer('reference_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productStocks.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Where the stock came from: [{ location_id (null: no location), quantity }]. */
    takenFrom: jsonb('taken_from')
      .$type<{ location_id: number | null; quantity: number }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stock_deductions_reference_item').on(
      t.referenceType,
      t.referenceId,
      t.productId,
      sql`coalesce(${t.variantId}, 0)`,
    ),
  ],
);

/** spec 2 §3 Stock note. */
export const stockNotes = pgTable(
  'stock_notes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productStocks.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('stock_notes_item').on(t.productId, t.variantId, t.createdAt)],
);

/**
 * Low-stock and out-of-stock e-mails to send (spec 2 §3 stock settings low_stock_email_notifications,
 * out_of_stock_notifications): written by the stock service in the transaction that crossed the
 * line, sent after it commits by sendStockAlerts, so a rolled-back sale mails nothing and a mail
 * server that is down loses nothing.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productStocks.id, { onDelete: 'cascade' }),
    /** low_stock or out_of_stock. */
    kind: text('kind').notNull(),
    quantity: integer('quantity').notNull(),
    threshold: integer('threshold').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    check('stock_alerts_kind', sql`${t.kind} in ('low_stock', 'out_of_stock')`),
    index('stock_alerts_unsent').on(t.id).where(sql`${t.sentAt} is null`),
  ],
);
