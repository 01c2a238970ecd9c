import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * DECISIONS 25: the first reply to a request sent with an `Idempotency-Key`, per user and route,
 * kept 24 hours. `status` is null while the first request is still being handled.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    scope: text('scope').notNull(),
    userId: integer('user_id').notNull().default(0),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    reply: jsonb('reply'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_scope_user_key').on(t.scope, t.userId, t.key),
    index('idempotency_keys_created_at').on(t.createdAt),
  ],
);
