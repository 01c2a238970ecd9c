import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';

/** A user's addresses; the default one fills the address fields of the user form (spec 2 §3). */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressType: text('address_type').notNull().default('billing'),
    address: text('address').notNull(),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country'),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_addresses_user').on(t.userId)],
);

/**
 * SMS sign-in codes (spec 2 §3/§9 OTP settings, DECISIONS 27). The browser holds a random session
 * id (spec 3 §7 `session_id`); only its SHA-256 is stored, and the code only as the SHA-256 of
 * session id and code together, so neither the code nor a way to guess it offline is in the
 * database. A code is bound to the browser session that asked for it (`requester_hash`), tried at
 * most `max_attempts` times (counted by one conditional update) and used once. A number that
 * belongs to no account gets a row too (`user_id` null, nothing sent), so the limits and the
 * answer are the same whether or not the number is known.
 */
export const smsOtpCodes = pgTable(
  'sms_otp_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    sessionIdHash: text('session_id_hash').notNull(),
    requesterHash: text('requester_hash').notNull(),
    phone: text('phone').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_otp_codes_session').on(t.sessionIdHash),
    index('sms_otp_codes_phone_created').on(t.phone, t.createdAt),
    check('sms_otp_codes_attempts', sql`${t.attempts} >= 0 and ${t.attempts} <= ${t.maxAttempts}`),
  ],
);
