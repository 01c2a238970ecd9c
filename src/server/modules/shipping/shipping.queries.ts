import { and, asc, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { CitiesListQuery, CountriesListQuery, StatesListQuery } from '../../../contracts/shipping';
import { type Cents, fromDecimal } from '../../../domain/money/money';
import type { Paged } from '../../../domain/paging/paging';
import type { ShippingMethod, ShippingZone } from '../../../domain/shipping/shipping-cost';
import type { Executor } from '../../platform/db/database';
import { preparedStatement } from '../../platform/db/prepared';
import { qualified } from '../../platform/db/qualified';
import { cachedReference } from '../../platform/db/reference-cache';
import { likePattern, paged } from '../../platform/http/paging';
import {
  cities,
  countries,
  shippingMethods,
  shippingZoneCountries,
  shippingZoneRates,
  shippingZoneStates,
  shippingZones,
  states,
} from './shipping.tables';

const countAll = sql<number>`cast(count(*) as integer)`;

/** Who is asking: checkout and staff see active locations only; settings managers see all. */
export type Audience = { onlyActive: boolean };

/** A plain list when `simple_list` is asked for (every row, by name), else one page in SQL. */
async function pageOrAll<R>(
  query: { simple_list: boolean; page: number; per_page: number },
  fetch: (limit: number | null, offset: number) => Promise<R[]>,
  count: () => Promise<number>,
): Promise<Paged<R> | { data: R[] }> {
  if (query.simple_list) return { data: await fetch(null, 0) };
  return paged(query.page, query.per_page, (limit, offset) => fetch(limit, offset), count);
}

const search = (text: string | undefined, ...columns: Parameters<typeof qualified>[0][]): SQL | undefined =>
  text ? or(...columns.map((c) => sql`${c} ilike ${likePattern(text)}`)) : undefined;

// Countries ------------------------------------------------------------------------------------------

export type CountryRow = {
  id: number;
  name: string;
  code: string;
  zoneId: number | null;
  status: number;
  statesCount: number;
};

const statesCount = sql<number>`cast((select count(*) from ${states} where ${qualified(states.countryId)} = ${qualified(countries.id)}) as integer)`;

const countryColumns = {
  id: countries.id,
  name: countries.name,
  code: countries.code,
  zoneId: countries.zoneId,
  status: countries.status,
  statesCount,
};

/** GET /api/countries. */
export async function listCountries(db: Executor, query: CountriesListQuery, audience: Audience) {
  const where = and(
    audience.onlyActive ? eq(countries.status, 1) : undefined,
    search(query.search, countries.name, countries.code),
  );
  return pageOrAll<CountryRow>(
    query,
    (limit, offset) => {
      const q = db
        .select(countryColumns)
        .from(countries)
        .where(where)
        .orderBy(asc(countries.name), asc(countries.id));
      return limit === null ? q : q.limit(limit).offset(offset);
    },
    async () => (await db.select({ n: countAll }).from(countries).where(where))[0]?.n ?? 0,
  );
}

export async function findCountry(db: Executor, id: number): Promise<CountryRow | null> {
  const [row] = await db.select(countryColumns).from(countries).where(eq(countries.id, id)).limit(1);
  return row ?? null;
}

// States ---------------------------------------------------------------------------------------------

export type StateRow = {
  id: number;
  name: string;
  countryId: number;
  countryName: string;
  status: number;
  citiesCount: number;
};

const citiesCount = sql<number>`cast((select count(*) from ${cities} where ${qualified(cities.stateId)} = ${qualified(states.id)}) as integer)`;

const stateColumns = {
  id: states.id,
  name: states.name,
  countryId: states.countryId,
  countryName: countries.name,
  status: states.status,
  citiesCount,
};

/** GET /api/states (?country_id). */
export async function listStates(db: Executor, query: StatesListQuery, audience: Audience) {
  const where = and(
    audience.onlyActive ? and(eq(states.status, 1), eq(countries.status, 1)) : undefined,
    query.country_id === null ? undefined : eq(states.countryId, query.country_id),
    search(query.search, states.name),
  );
  return pageOrAll<StateRow>(
    query,
    (limit, offset) => {
      const q = db
        .select(stateColumns)
        .from(states)
        .innerJoin(countries, eq(countries.id, states.countryId))
        .where(where)
        .orderBy(asc(countries.name), asc(states.name), asc(states.id));
      return limit === null ? q : q.limit(limit).offset(offset);
    },
    async () =>
      (
        await db
          .select({ n: countAll })
          .from(states)
          .innerJoin(countries, eq(countries.id, states.countryId))
          .where(where)
      )[0]?.n ?? 0,
  );
}

// Prepared (docs/decisions/0091): the shipping quote of every checkout reads the state, the city,
// the method and the zones.
const stateStatement = preparedStatement((db) =>
  db
    .select(stateColumns)
    .from(states)
    .innerJoin(countries, eq(countries.id, states.countryId))
    .where(eq(states.id, sql.placeholder('id')))
    .limit(1)
    .prepare('shipping_state_by_id'),
);

export async function findState(db: Executor, id: number): Promise<StateRow | null> {
  const [row] = await stateStatement(db).execute({ id });
  return (row as StateRow | undefined) ?? null;
}

// Cities ---------------------------------------------------------------------------------------------

export type CityRow = {
  id: number;
  name: string;
  stateId: number;
  stateName: string;
  countryId: number;
  cost: string;
  status: number;
};

const cityColumns = {
  id: cities.id,
  name: cities.name,
  stateId: cities.stateId,
  stateName: states.name,
  countryId: states.countryId,
  cost: cities.cost,
  status: cities.status,
};

/** GET /api/cities (?state_id, ?country_id). */
export async function listCities(db: Executor, query: CitiesListQuery, audience: Audience) {
  const where = and(
    audience.onlyActive ? and(eq(cities.status, 1), eq(states.status, 1)) : undefined,
    query.state_id === null ? undefined : eq(cities.stateId, query.state_id),
    query.country_id === null ? undefined : eq(states.countryId, query.country_id),
    search(query.search, cities.name),
  );
  return pageOrAll<CityRow>(
    query,
    (limit, offset) => {
      const q = db
        .select(cityColumns)
        .from(cities)
        .innerJoin(states, eq(states.id, cities.stateId))
        .where(where)
        .orderBy(asc(states.name), asc(cities.name), asc(cities.id));
      return limit === null ? q : q.limit(limit).offset(offset);
    },
    async () =>
      (
        await db
          .select({ n: countAll })
          .from(cities)
          .innerJoin(states, eq(states.id, cities.stateId))
          .where(where)
      )[0]?.n ?? 0,
  );
}

const cityStatement = preparedStatement((db) =>
  db
    .select(cityColumns)
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(eq(cities.id, sql.placeholder('id')))
    .limit(1)
    .prepare('shipping_city_by_id'),
);

export async function findCity(db: Executor, id: number): Promise<CityRow | null> {
  const [row] = await cityStatement(db).execute({ id });
  return row ?? null;
}

// Shipping methods -----------------------------------------------------------------------------------

export type ShippingMethodRow = typeof shippingMethods.$inferSelect & { zonesCount: number };

const zonesCount = sql<number>`cast((select count(*) from ${shippingZoneRates} where ${qualified(shippingZoneRates.methodId)} = ${qualified(shippingMethods.id)}) as integer)`;

const methodColumns = {
  id: shippingMethods.id,
  name: shippingMethods.name,
  description: shippingMethods.description,
  price: shippingMethods.price,
  enabled: shippingMethods.enabled,
  minOrderAmount: shippingMethods.minOrderAmount,
  maxOrderAmount: shippingMethods.maxOrderAmount,
  estimatedDaysMin: shippingMethods.estimatedDaysMin,
  estimatedDaysMax: shippingMethods.estimatedDaysMax,
  pricePerKg: shippingMethods.pricePerKg,
  createdAt: shippingMethods.createdAt,
  updatedAt: shippingMethods.updatedAt,
  zonesCount,
};

/** GET /api/shipping-methods: every method, by name (a short list). */
export async function listShippingMethods(db: Executor, options: { onlyEnabled?: boolean } = {}) {
  return db
    .select({ ...methodColumns })
    .from(shippingMethods)
    .where(options.onlyEnabled ? eq(shippingMethods.enabled, true) : undefined)
    .orderBy(asc(shippingMethods.name), asc(shippingMethods.id));
}

const methodStatement = preparedStatement((db) =>
  db
    .select(methodColumns)
    .from(shippingMethods)
    .where(eq(shippingMethods.id, sql.placeholder('id')))
    .limit(1)
    .prepare('shipping_method_by_id'),
);

export async function findShippingMethod(db: Executor, id: number): Promise<ShippingMethodRow | null> {
  const [row] = await methodStatement(db).execute({ id });
  return row ?? null;
}

const orNull = (value: string | null): Cents | null => (value === null ? null : fromDecimal(value));

/** A method row as the shipping rule reads it (integer cents). */
export function methodRule(row: typeof shippingMethods.$inferSelect): ShippingMethod {
  return {
    id: row.id,
    price: fromDecimal(row.price),
    pricePerKg: fromDecimal(row.pricePerKg),
    enabled: row.enabled,
    minOrderAmount: orNull(row.minOrderAmount),
    maxOrderAmount: orNull(row.maxOrderAmount),
  };
}

// Shipping zones -------------------------------------------------------------------------------------

export type ShippingZoneRow = typeof shippingZones.$inferSelect & {
  countries: { id: number; name: string; code: string }[];
  states: { id: number; name: string; countryId: number }[];
  rates: { methodId: number; methodName: string; rate: string }[];
};

/**
 * Zones with their countries, states and rates, in one query for any number of zones (the checkout
 * quotes inside its transaction, where every statement is a round trip more while it holds locks).
 */
function zonesQuery(db: Executor) {
  const zoneId = qualified(shippingZones.id);
  return db
    .select({
      ...getTableColumns(shippingZones),
      countries: sql<ShippingZoneRow['countries']>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name, 'code', c.code) order by c.name, c.id)
        from ${shippingZoneCountries} zc join ${countries} c on c.id = zc.country_id
        where zc.zone_id = ${zoneId}), '[]')`,
      states: sql<ShippingZoneRow['states']>`coalesce((
        select json_agg(json_build_object('id', s.id, 'name', s.name, 'countryId', s.country_id) order by s.name, s.id)
        from ${shippingZoneStates} zs join ${states} s on s.id = zs.state_id
        where zs.zone_id = ${zoneId}), '[]')`,
      rates: sql<ShippingZoneRow['rates']>`coalesce((
        select json_agg(json_build_object('methodId', m.id, 'methodName', m.name, 'rate', r.rate::text) order by m.name, m.id)
        from ${shippingZoneRates} r join ${shippingMethods} m on m.id = r.method_id
        where r.zone_id = ${zoneId}), '[]')`,
    })
    .from(shippingZones);
}

/** Every zone: prepared, as the shipping quote of every checkout reads them all. */
const allZonesStatement = preparedStatement((db) =>
  zonesQuery(db).orderBy(asc(shippingZones.id)).prepare('shipping_zones_all'),
);

export async function loadZones(db: Executor, ids?: readonly number[]): Promise<ShippingZoneRow[]> {
  if (!ids) return (await allZonesStatement(db).execute()) as ShippingZoneRow[];
  if (ids.length === 0) return [];
  return zonesQuery(db)
    .where(inArray(shippingZones.id, [...ids]))
    .orderBy(asc(shippingZones.id));
}

export async function findZone(db: Executor, id: number): Promise<ShippingZoneRow | null> {
  return (await loadZones(db, [id]))[0] ?? null;
}

/** Zones as the shipping rule reads them. */
export function zoneRule(zone: ShippingZoneRow): ShippingZone {
  return {
    id: zone.id,
    enabled: zone.enabled,
    countryIds: zone.countries.map((c) => c.id),
    stateIds: zone.states.map((s) => s.id),
    rates: new Map(zone.rates.map((r) => [r.methodId, fromDecimal(r.rate)])),
  };
}

// The checkout's and the quote's reference reads (every checkout reads its address and quotes its
// shipping in its transaction). Methods, zones, their countries, states and rates, countries and
// states all bump the reference version (migration 0043), so a process keeps them whole per version
// (docs/decisions/0111), not one entry per id a request names.

const allMethodsStatement = preparedStatement((db) =>
  db.select(methodColumns).from(shippingMethods).prepare('shipping_methods_all'),
);
const keptCountriesStatement = preparedStatement((db) =>
  db
    .select({ id: countries.id, name: countries.name, active: sql<boolean>`${countries.status} = 1` })
    .from(countries)
    .prepare('shipping_kept_countries'),
);
const keptStatesStatement = preparedStatement((db) =>
  db
    .select({
      id: states.id,
      name: states.name,
      countryId: states.countryId,
      active: sql<boolean>`${states.status} = 1`,
    })
    .from(states)
    .prepare('shipping_kept_states'),
);

/** A method as the quote reads it, or null. */
export async function quotedMethod(db: Executor, id: number): Promise<ShippingMethodRow | null> {
  const byId = await cachedReference(db, 'shipping:methods-by-id', async () => {
    const rows = await allMethodsStatement(db).execute();
    return new Map(rows.map((row) => [row.id, row]));
  });
  return byId.get(id) ?? null;
}

/** A country by id (active or not), or null: the checkout's address and the quote read it. */
export async function keptCountry(db: Executor, id: number) {
  const byId = await cachedReference(db, 'shipping:countries', async () => {
    const rows = await keptCountriesStatement(db).execute();
    return new Map(rows.map((row) => [row.id, row]));
  });
  return byId.get(id) ?? null;
}

/** A state by id (active or not) with its country, or null. */
export async function keptState(db: Executor, id: number) {
  const byId = await cachedReference(db, 'shipping:states', async () => {
    const rows = await keptStatesStatement(db).execute();
    return new Map(rows.map((row) => [row.id, row]));
  });
  return byId.get(id) ?? null;
}

/** Every zone as the shipping rule reads it. */
export function quotedZones(db: Executor): Promise<ShippingZone[]> {
  return cachedReference(db, 'shipping:zone-rules', async () => (await loadZones(db)).map(zoneRule));
}

/** GET /api/shipping-zones/location-data: every country and state, for the zone modal. */
export async function locationData(db: Executor) {
  const [allCountries, allStates] = await Promise.all([
    db
      .select({ id: countries.id, name: countries.name, code: countries.code })
      .from(countries)
      .orderBy(asc(countries.name)),
    db
      .select({ id: states.id, name: states.name, countryId: states.countryId })
      .from(states)
      .orderBy(asc(states.name)),
  ]);
  return { countries: allCountries, states: allStates };
}
