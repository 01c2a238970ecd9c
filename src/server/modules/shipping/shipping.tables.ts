import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money is numeric(14,2) in the database (docs/decisions/0002). */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
/** spec 2 §3: numeric status, 1 active, 0 inactive (countries, states, cities). */
const status = () => smallint('status').notNull().default(1);

/** spec 2 §3 Shipping zone: countries, states and a rate per method live in the tables below. */
export const shippingZones = pgTable('shipping_zones', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  description: text('description'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** spec 2 §3 Country. zone_id is kept by zone saves: the zone that last listed it (docs/decisions/0024). */
export const countries = pgTable(
  'countries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    zoneId: integer('zone_id').references((): AnyPgColumn => shippingZones.id, { onDelete: 'set null' }),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('countries_code_unique').on(t.code),
    uniqueIndex('countries_name_unique').on(sql`lower(${t.name})`),
    check('countries_status_flag', sql`${t.status} in (0, 1)`),
  ],
);

/** spec 2 §3 State. A country with states cannot be deleted (docs/decisions/0024). */
export const states = pgTable(
  'states',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('states_country_name_unique').on(t.countryId, sql`lower(${t.name})`),
    check('states_status_flag', sql`${t.status} in (0, 1)`),
  ],
);

/** spec 2 §3 City: its cost is added to every shipping quote to it (DECISIONS 15). */
export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    cost: money('cost').notNull().default('0'),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cities_state_name_unique').on(t.stateId, sql`lower(${t.name})`),
    check('cities_status_flag', sql`${t.status} in (0, 1)`),
    check('cities_cost_not_negative', sql`${t.cost} >= 0`),
  ],
);

/** spec 2 §3 Shipping method; spec 2 §9 default delivery 1 to 3 days. */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    price: money('price').notNull().default('0'),
    enabled: boolean('enabled').notNull().default(true),
    minOrderAmount: money('min_order_amount'),
    maxOrderAmount: money('max_order_amount'),
    estimatedDaysMin: integer('estimated_days_min').notNull().default(1),
    estimatedDaysMax: integer('estimated_days_max').notNull().default(3),
    pricePerKg: money('price_per_kg').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('shipping_methods_name_unique').on(sql`lower(${t.name})`)],
);

export const shippingZoneCountries = pgTable(
  'shipping_zone_countries',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.countryId] }),
    index('shipping_zone_countries_country').on(t.countryId),
  ],
);

export const shippingZoneStates = pgTable(
  'shipping_zone_states',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.stateId] }), index('shipping_zone_states_state').on(t.stateId)],
);

/** A zone's price for a method; deleting the method takes its rates with it (docs/decisions/0024). */
export const shippingZoneRates = pgTable(
  'shipping_zone_rates',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    methodId: integer('method_id')
      .notNull()
      .references(() => shippingMethods.id, { onDelete: 'cascade' }),
    rate: money('rate').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.methodId] }),
    index('shipping_zone_rates_method').on(t.methodId),
    check('shipping_zone_rates_rate_not_negative', sql`${t.rate} >= 0`),
  ],
);
