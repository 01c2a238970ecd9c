import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every SMS the shop sends, with its gateway status (spec 2 §3 SMS logs; ARCHITECTURE "every
 * message logged"). A one-time code is never stored in clear: `message` holds it masked.
 */
export const smsLogs = pgTable(
  'sms_logs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    messageType: text('message_type').notNull(),
    status: text('status').notNull().default('queued'),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sms_logs_status', sql`${t.status} in ('queued', 'sent', 'delivered', 'failed')`),
    check('sms_logs_message_type', sql`${t.messageType} in ('otp', 'test', 'notification')`),
    index('sms_logs_created_at').on(t.createdAt.desc(), t.id.desc()),
    index('sms_logs_status_created_at').on(t.status, t.createdAt.desc()),
  ],
);
