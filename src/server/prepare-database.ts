import { ensureAccessData } from './modules/accounts';
import { ensureCatalogueReference } from './modules/catalogue';
import { ensureCurrencies } from './modules/currencies';
import { type Database, migrateDatabase } from './platform/db/database';
import { keepDaysInShopZone } from './platform/settings/settings-store';

/**
 * Migrations, then the reference data every shop needs (roles, permissions, currencies, VAT rates),
 * and the dashboard's sales days in the shop's time zone.
 */
export async function prepareDatabase(database: Database): Promise<void> {
  await migrateDatabase(database);
  await ensureAccessData(database.db);
  await ensureCurrencies(database.db);
  await ensureCatalogueReference(database.db);
  await keepDaysInShopZone(database.db);
}
