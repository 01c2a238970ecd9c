import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Configuration } from '../../../domain/payments/configuration-secrets';
import { files } from '../files/files.tables';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Money is numeric(14,2) in the database (docs/decisions/0002). */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** spec 2 §3 Pickup point; status 1 active, 0 inactive; service_fee default 0 (spec 2 §9). */
export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    phone: text('phone'),
    email: text('email'),
    operatingHours: text('operating_hours'),
    serviceFee: money('service_fee').notNull().default('0'),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('pickup_points_status', sql`${t.status} in (0, 1)`),
    check('pickup_points_service_fee_not_negative', sql`${t.serviceFee} >= 0`),
    index('pickup_points_status_name').on(t.status, t.name),
  ],
);

/**
 * spec 2 §3 Payment method. status is one of spec 2 §4's values; configuration holds gateway
 * settings, secrets included, which replies mask (docs/decisions/0023). The icon is a file of the
 * file library.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description'),
    instructions: text('instructions'),
    status: text('status').notNull().default('enabled'),
    displayOrder: integer('display_order').notNull().default(0),
    iconFileId: integer('icon_file_id').references(() => files.id, { onDelete: 'set null' }),
    configuration: jsonb('configuration').$type<Configuration>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payment_methods_status', sql`${t.status} in ('enabled', 'backend_only', 'shop_only', 'disabled')`),
    uniqueIndex('payment_methods_code_unique').on(t.code),
    index('payment_methods_display_order').on(t.displayOrder, t.id),
  ],
);
