import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';

/** Money is numeric(14,2) in the database (docs/decisions/0002). */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * A partner's credit account (spec 3 §3 Partner credit; docs/decisions/0061): one per user. The
 * balance is the credit the partner may spend; no credit limit (null) means additions are
 * unlimited. The checks repeat the rules of src/domain/credit as the last line of defence.
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creditLimit: money('credit_limit'),
    currentBalance: money('current_balance').notNull().default('0'),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_accounts_user').on(t.userId),
    check('credit_accounts_status', sql`${t.status} in ('active', 'suspended', 'closed', 'inactive')`),
    check('credit_accounts_balance', sql`${t.currentBalance} >= 0`),
    check(
      'credit_accounts_within_limit',
      sql`${t.creditLimit} is null or ${t.currentBalance} <= ${t.creditLimit}`,
    ),
  ],
);

/** Every movement of a balance: what, how much, the balance after it, and what it was for. */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    creditAccountId: integer('credit_account_id')
      .notNull()
      .references(() => creditAccounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    /** The order code of an order paid on credit; null for an admin's change. */
    reference: text('reference'),
    orderId: integer('order_id'),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_transactions_account').on(t.creditAccountId, t.createdAt, t.id),
    check('credit_transactions_type', sql`${t.type} in ('credit_added', 'credit_removed', 'order_payment')`),
    check('credit_transactions_amount', sql`${t.amount} > 0`),
  ],
);

/** spec 3 §3 change_history: changes of the credit limit and the status, with the admin's note. */
export const creditAccountChanges = pgTable(
  'credit_account_changes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    creditAccountId: integer('credit_account_id')
      .notNull()
      .references(() => creditAccounts.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    note: text('note'),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_account_changes_account').on(t.creditAccountId, t.createdAt, t.id)],
);

/**
 * spec 3 §3 Credit request: a partner asks for credit; an admin approves it (the approved amount,
 * perhaps edited, is added as credit) or declines it with a reason (docs/decisions/0070).
 */
export const creditRequests = pgTable(
  'credit_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    businessJustification: text('business_justification').notNull(),
    contactPhone: text('contact_phone').notNull(),
    status: text('status').notNull().default('pending'),
    /** The amount added when approved (the requested one unless the admin edited it). */
    approvedAmount: money('approved_amount'),
    declineReason: text('decline_reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The ledger row of an approval. */
    creditTransactionId: integer('credit_transaction_id').references(() => creditTransactions.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_requests_user').on(t.userId, t.createdAt),
    index('credit_requests_queue').on(t.status, t.createdAt, t.id),
    check('credit_requests_status', sql`${t.status} in ('pending', 'approved', 'declined')`),
  ],
);
