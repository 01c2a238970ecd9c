import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';
import { colors, productStocks, products } from '../catalogue/catalogue.tables';

/**
 * A shopper's cart (spec 3 §3 Cart, issue 14): a signed-in user's (one per user) or a guest's,
 * found by the hash of the token in the guest's cart cookie. Prices are never stored here: every
 * read prices the lines for the buyer of that moment.
 */
export const carts = pgTable(
  'carts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestTokenHash: text('guest_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_user_unique').on(t.userId),
    uniqueIndex('carts_guest_token_unique').on(t.guestTokenHash),
    check('carts_owner', sql`(${t.userId} is null) <> (${t.guestTokenHash} is null)`),
    index('carts_updated_at').on(t.updatedAt),
  ],
);

/** One product (or one variant of it) in a cart; adding the same again adds to its quantity. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productStockId: integer('product_stock_id').references(() => productStocks.id, { onDelete: 'cascade' }),
    colorId: integer('color_id').references(() => colors.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_line').on(t.cartId, t.productId, sql`coalesce(${t.productStockId}, 0)`),
    check('cart_items_quantity', sql`${t.quantity} >= 1`),
  ],
);
