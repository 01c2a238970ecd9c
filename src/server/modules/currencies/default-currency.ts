import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database';
import { preparedStatement } from '../../platform/db/prepared';
import { cachedReference } from '../../platform/db/reference-cache';
import { currencies } from './currencies.tables';

export type CurrencyReply = {
  id: number | null;
  code: string;
  name: string;
  symbol: string;
  is_default: boolean;
};

export function presentCurrency(row: typeof currencies.$inferSelect): CurrencyReply {
  return { id: row.id, code: row.code, name: row.name, symbol: row.symbol, is_default: row.isDefault };
}

/** spec 1 §9: fall back to USD and "$" when nothing is configured. */
export const FALLBACK_CURRENCY: CurrencyReply = {
  id: null,
  code: 'USD',
  name: 'US Dollar',
  symbol: '$',
  is_default: true,
};

export async function defaultCurrency(db: Executor): Promise<CurrencyReply> {
  return { ...(await cachedReference(db, 'currency:default', () => readDefaultCurrency(db))) };
}

async function readDefaultCurrency(db: Executor): Promise<CurrencyReply> {
  const [row] = await defaultCurrencyStatement(db).execute();
  return row ? presentCurrency(row) : FALLBACK_CURRENCY;
}

/** Every order reads it (in its transaction, past the reference cache): built once per database. */
const defaultCurrencyStatement = preparedStatement((db) =>
  db
    .select()
    .from(currencies)
    .where(eq(currencies.isActive, true))
    .orderBy(desc(currencies.isDefault), asc(currencies.id))
    .limit(1)
    .prepare('currency_default'),
);
