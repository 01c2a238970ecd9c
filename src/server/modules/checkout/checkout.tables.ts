import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.tables';

/**
 * The buyer's receipt of a web order (docs/decisions/0051): the hash of the random token in the
 * confirmation and payment links. The token itself is only in the buyer's redirect and e-mail.
 */
export const orderReceipts = pgTable('order_receipts', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One hand-over of an order to the card gateway (DECISIONS 19, docs/decisions/0052): the amount
 * asked for, and what the gateway's signed answer said. Only brand, last 4 digits and the
 * gateway's transaction id are kept; the card number never reaches the shop.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    status: text('status').notNull().default('pending'),
    brand: text('brand'),
    last4: text('last4'),
    transactionId: text('transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('card_payments_reference_unique').on(t.reference),
    index('card_payments_order').on(t.orderId),
    check('card_payments_status', sql`${t.status} in ('pending', 'paid', 'declined', 'cancelled')`),
  ],
);

/** Signing keys of payment gateways (the sandbox's HMAC key), made at random on first use. */
export const paymentGatewayKeys = pgTable('payment_gateway_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
