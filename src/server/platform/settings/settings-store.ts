import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import {
  defaultSetting,
  SETTING_DEFINITIONS,
  type SettingKey,
  type Settings,
  type SettingValue,
} from '../../../contracts/settings';
import { type IsoDate, isoDateInZone } from '../../../domain/dates/date-format';
import { validationError } from '../../../domain/errors';
import type { Executor } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { cachedReference, readsReferenceCache } from '../db/reference-cache';
import { settings } from './settings.tables';

function readStored<K extends SettingKey>(key: K, stored: unknown): SettingValue<K> {
  const parsed = SETTING_DEFINITIONS[key].safeParse(stored);
  // A stored value that no longer fits its type falls back to the default instead of failing pages.
  return parsed.success ? (parsed.data as SettingValue<K>) : defaultSetting(key);
}

const readers = new Map<string, (db: Executor) => Promise<Pick<Settings, SettingKey>>>();

/**
 * Reads settings by key: the stored value, or the spec's default when none is stored. Each set of
 * keys the code asks for is one prepared statement (settingsReader).
 */
export async function getSettings<K extends SettingKey>(
  db: Executor,
  keys: readonly K[],
): Promise<Pick<Settings, K>> {
  const name = keys.join(',');
  let reader = readers.get(name);
  if (!reader) {
    reader = settingsReader(keys) as unknown as (db: Executor) => Promise<Pick<Settings, SettingKey>>;
    readers.set(name, reader);
  }
  return reader(db) as Promise<Pick<Settings, K>>;
}

const allSettings = preparedStatement((db) =>
  db.select({ key: settings.key, value: settings.value }).from(settings).prepare('settings_all'),
);

/** Bumped by every write of settings in this process: what a transaction read before is read again. */
let settingsWrites = 0;
const transactionSettings = new WeakMap<
  Executor,
  { writes: number; stored: Promise<Map<string, unknown>> }
>();

/**
 * Every stored setting, read once per transaction at its first settings read (issue 18: a
 * checkout read settings nine times in six sets of keys, one statement each). The transaction then
 * reads one set of settings throughout; a settings write (setSettings, removeSettings: the only
 * writers) makes the next read go to the database again, so a transaction sees its own writes.
 */
function settingsOfTransaction(tx: Executor): Promise<Map<string, unknown>> {
  const kept = transactionSettings.get(tx);
  if (kept && kept.writes === settingsWrites) return kept.stored;
  const stored = allSettings(tx)
    .execute()
    .then((rows) => new Map(rows.map((r) => [r.key, r.value as unknown])));
  transactionSettings.set(tx, { writes: settingsWrites, stored });
  stored.catch(() => transactionSettings.delete(tx));
  return stored;
}

/**
 * A reader of a fixed set of settings as one prepared statement per database handle (issue 13),
 * for hot reads such as the pricing context: same answers as getSettings.
 */
export function settingsReader<K extends SettingKey>(
  keys: readonly K[],
): (db: Executor) => Promise<Pick<Settings, K>> {
  const name = keys.join(',');
  const statement = preparedStatement((db) =>
    db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(inArray(settings.key, [...keys]))
      // PostgreSQL keeps 63 bytes of a statement's name: a digest of the keys stays unique.
      .prepare(`settings_${createHash('sha1').update(name).digest('hex')}`),
  );
  const valuesOf = (stored: Map<string, unknown>) => {
    const result = {} as Pick<Settings, K>;
    for (const key of keys) {
      result[key] = (stored.has(key) ? readStored(key, stored.get(key)) : defaultSetting(key)) as Settings[K];
    }
    return result;
  };
  return async (db) => {
    if (db instanceof PgTransaction && !readsReferenceCache(db))
      return valuesOf(await settingsOfTransaction(db));
    // Within a request, or a transaction reading reference data from the cache (decision 0111): the
    // values as read and checked once per reference version, shared by the requests that read that
    // version, hence frozen (issue 14: checking them again on every page was a tenth of the product
    // page's work).
    return cachedReference(db, `settings:${name}`, async () =>
      frozen(valuesOf(new Map((await statement(db).execute()).map((r) => [r.key, r.value])))),
    );
  };
}

/** Deeply frozen: a value shared between requests that a caller changing by mistake would leak. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

export async function getSetting<K extends SettingKey>(db: Executor, key: K): Promise<SettingValue<K>> {
  return (await getSettings(db, [key]))[key];
}

/** Validates and stores several settings; a bad value answers 422 naming its key. */
export async function setSettings(db: Executor, values: Partial<Settings>): Promise<void> {
  const entries = Object.entries(values) as [SettingKey, unknown][];
  const errors: Record<string, string[]> = {};
  const parsed: [SettingKey, unknown][] = [];
  for (const [key, value] of entries) {
    const result = SETTING_DEFINITIONS[key].safeParse(value);
    if (result.success) parsed.push([key, result.data]);
    else errors[key] = result.error.issues.map((i) => i.message);
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  if (parsed.length === 0) return;
  await db
    .insert(settings)
    // A null setting (no logo) is stored as JSON null: the column holds a JSON value, never SQL NULL.
    .values(
      parsed.map(([key, value]) => ({ key, value: value === null ? sql`'null'::jsonb` : (value as object) })),
    )
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
  settingsWrites++;
  if ('app_timezone' in values) await keepDaysInShopZone(db);
}

/** Forgets stored values, so each key answers its default again. */
export async function removeSettings(db: Executor, keys: readonly SettingKey[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(settings).where(inArray(settings.key, [...keys]));
  settingsWrites++;
  if (keys.includes('app_timezone')) await keepDaysInShopZone(db);
}

/**
 * What the database keeps per day of the shop's calendar (the dashboard's sales days, migration
 * 0032, docs/decisions/0080) is counted again when the shop's time zone is not the one it is kept
 * in: at start (prepareDatabase), and whenever the zone is stored or reset, in the same transaction.
 */
export async function keepDaysInShopZone(db: Executor): Promise<void> {
  const zone = await getSetting(db, 'app_timezone');
  await db.execute(
    sql`select order_sales_days_rebuild(${zone}) where (select zone from order_sales_zone) is distinct from ${zone}`,
  );
}

/**
 * Today in the shop's time zone (system settings app_timezone): the day that decides discounts,
 * overdue periods, the earliest rental start and a payment's date, never the server's or a
 * browser's UTC date (DECISIONS 17).
 */
export async function shopToday(db: Executor, now: Date): Promise<IsoDate> {
  return isoDateInZone(now, await getSetting(db, 'app_timezone'));
}
