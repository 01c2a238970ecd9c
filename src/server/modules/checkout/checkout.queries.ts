import { and, asc, eq } from 'drizzle-orm';
import type { CheckoutChoice } from '../../../contracts/checkout';
import { hashToken } from '../../platform/auth/tokens';
import type { Executor } from '../../platform/db/database';
import { keptCountry, keptState } from '../shipping';
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

/** An active country by id, or null: kept per reference version (decision 0111). */
export async function findActiveCountry(db: Executor, id: number) {
  const country = await keptCountry(db, id);
  return country?.active ? country : null;
}

/** An active state by id, or null (its country's status is checked by the caller). */
export async function findActiveState(db: Executor, id: number) {
  const state = await keptState(db, id);
  return state?.active ? state : null;
}

/** The order a receipt token names, or null (only the token's hash is stored). */
export async function orderIdOfReceipt(db: Executor, token: string): Promise<number | null> {
  const [row] = await db
    .select({ orderId: orderReceipts.orderId })
    .from(orderReceipts)
    .where(eq(orderReceipts.tokenHash, hashToken(token)));
  return row?.orderId ?? null;
}
