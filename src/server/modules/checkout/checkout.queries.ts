import { and, asc, eq } from 'drizzle-orm';
import type { CheckoutChoice } from '../../../contracts/checkout';
import { hashToken } from '../../platform/auth/tokens';
import type { Executor } from '../../platform/db/database';
import { preparedStatement } from '../../platform/db/prepared';
import { cachedReference } from '../../platform/db/reference-cache';
import { countries, states } from '../shipping/shipping.tables';
import { orderReceipts } from './checkout.tables';

/** The countries a buyer may choose (GET /api/countries answers the same, paged). */
export async function activeCountries(db: Executor): Promise<CheckoutChoice[]> {
  return db
    .select({ id: countries.id, name: countries.name })
    .from(countries)
    .where(eq(countries.status, 1))
    .orderBy(asc(countries.name), asc(countries.id));
}

/** GET /checkout/get-states: the active states of an active country, by name. */
export async function activeStatesOf(db: Executor, countryId: number): Promise<CheckoutChoice[]> {
  return db
    .select({ id: states.id, name: states.name })
    .from(states)
    .innerJoin(countries, eq(countries.id, states.countryId))
    .where(and(eq(states.countryId, countryId), eq(states.status, 1), eq(countries.status, 1)))
    .orderBy(asc(states.name), asc(states.id));
}

/** An active country by id, or null: from the reference cache (decision 0111). */
export async function findActiveCountry(db: Executor, id: number) {
  return (await activeCountriesById(db)).get(id) ?? null;
}

/** An active state by id, or null (its country's status is checked by the caller). */
export async function findActiveState(db: Executor, id: number) {
  return (await activeStatesById(db)).get(id) ?? null;
}

// Every checkout reads both; a country or state change bumps the reference version (migration
// 0043), so a process keeps the whole active lists per version (docs/decisions/0111) rather than
// one entry per id a request names.
function activeCountriesById(db: Executor) {
  return cachedReference(db, 'checkout:active-countries', async () => {
    const rows = await activeCountriesStatement(db).execute();
    return new Map(rows.map((row) => [row.id, row]));
  });
}
function activeStatesById(db: Executor) {
  return cachedReference(db, 'checkout:active-states', async () => {
    const rows = await activeStatesStatement(db).execute();
    return new Map(rows.map((row) => [row.id, row]));
  });
}
const activeCountriesStatement = preparedStatement((db) =>
  db
    .select({ id: countries.id, name: countries.name })
    .from(countries)
    .where(eq(countries.status, 1))
    .prepare('checkout_active_countries'),
);
const activeStatesStatement = preparedStatement((db) =>
  db
    .select({ id: states.id, name: states.name, countryId: states.countryId })
    .from(states)
    .where(eq(states.status, 1))
    .prepare('checkout_active_states'),
);

/** The order a receipt token names, or null (only the token's hash is stored). */
export async function orderIdOfReceipt(db: Executor, token: string): Promise<number | null> {
  const [row] = await db
    .select({ orderId: orderReceipts.orderId })
    .from(orderReceipts)
    .where(eq(orderReceipts.tokenHash, hashToken(token)));
  return row?.orderId ?? null;
}
