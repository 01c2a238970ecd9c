import type { Executor } from '../../platform/db/database';
import { currencies } from './currencies.tables';

/** spec 1 §9: USD with "$" is the default until an admin picks another. */
const SEEDED = [
  { code: 'USD', name: 'US Dollar', symbol: '$', isDefault: true, isActive: true },
  { code: 'EUR', name: 'Euro', symbol: '€', isDefault: false, isActive: true },
  { code: 'MUR', name: 'Mauritian Rupee', symbol: 'Rs', isDefault: false, isActive: true },
];

export async function ensureCurrencies(db: Executor): Promise<void> {
  const existing = await db.select({ id: currencies.id }).from(currencies).limit(1);
  if (existing.length > 0) return;
  await db.insert(currencies).values(SEEDED).onConflictDoNothing();
}
