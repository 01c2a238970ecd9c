import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A message sent through the storefront's contact form (spec 3 §3 Customer area "Contact
 * message": name, email, phone, message). The e-mail to the shop goes through the job queue; the
 * row is what the admin list reads. `read_at` is when a back-office user marked it read.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    /** The sender's address, kept for abuse reports (the rate limit counts per IP). */
    ip: text('ip'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at').on(t.createdAt, t.id)],
);
