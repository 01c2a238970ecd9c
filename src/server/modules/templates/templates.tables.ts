import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * spec 2 §3 "Template": body is sanitised HTML; variables are the placeholder names the subject and
 * body use, computed on save (docs/decisions/0028).
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    type: text('type').notNull().default('custom'),
    variables: jsonb('variables').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('active'),
    slug: text('slug').notNull(),
    context: text('context'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('email_templates_slug').on(t.slug),
    check('email_templates_status', sql`${t.status} in ('active', 'inactive')`),
    index('email_templates_type_status').on(t.type, t.status),
    index('email_templates_name').on(t.name),
  ],
);

/**
 * spec 2 §3 "Rental template": the HTML of a rental document (agreement, delivery note...), used by
 * rentals (spec 3). At most one default per type, kept by a partial unique index
 * (docs/decisions/0028).
 */
export const rentalTemplates = pgTable(
  'rental_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    type: text('type').notNull().default('rental_agreement'),
    variables: jsonb('variables').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('active'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rental_templates_one_default_per_type').on(t.type).where(sql`${t.isDefault}`),
    check('rental_templates_status', sql`${t.status} in ('active', 'inactive')`),
    index('rental_templates_type_status').on(t.type, t.status),
    index('rental_templates_name').on(t.name),
  ],
);
