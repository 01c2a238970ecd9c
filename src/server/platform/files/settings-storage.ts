import { AsyncLocalStorage } from 'node:async_hooks';
import type { Readable } from 'node:stream';
import { FILE_STORAGE_CONNECTION_KEYS } from '../../../contracts/system-settings';
import { type S3Connection, s3Connection } from '../../../domain/files/file-storage';
import type { Executor } from '../db/database';
import { withReferenceCache } from '../db/reference-cache';
import { settingsReader } from '../settings/settings-store';
import { s3Storage } from './s3-storage';
import { type Storage, UPLOADS_URL_PREFIX } from './storage';

const readStorageSettings = settingsReader(['file_storage_driver', ...FILE_STORAGE_CONNECTION_KEYS]);

/** The storages to use now: where new files go, and where older files may still be. */
type Chosen = { active: Storage; other: Storage | null };

/** The storage as the app holds it: also opens a request's scope, where the choice is made once. */
export type SettingsStorage = Storage & {
  /**
   * Runs a request with the storage chosen at most once. `eager` (writes, the default): at its
   * start, before its use case opens a transaction (PGlite has one connection: a read on the app's
   * handle inside a transaction would wait for that transaction forever). Otherwise (reads, which
   * touch files outside transactions) when a file is first asked for. `knownVersion`: the reference
   * version the request read with its session; the settings then come from the reference cache
   * (a write request, which has no cache scope of its own, no longer reads them every time).
   */
  forRequest<T>(run: () => T, options?: { eager?: boolean; knownVersion?: number | undefined }): T;
};

/** The scope's choice: made at most once, when first asked for (or at once when eager). */
const requestChoice = new AsyncLocalStorage<() => Promise<Chosen>>();

/**
 * The storage the system settings choose (issue 18, docs/decisions/0072), chosen per request
 * (`forRequest`, opened by app.ts for every request) and otherwise at every call (jobs, scripts):
 * the settings come through the reference cache (one version read per GET; a save is seen by the
 * next request of every process), so switching the driver needs no restart.
 *
 * - New files go to the chosen driver.
 * - A file is read from the chosen driver, and when it is not there from the other one (the local
 *   disk, or the bucket when its settings are complete): files stored before a switch keep working.
 * - Removing a file removes it from both.
 */
export function settingsStorage(db: Executor, local: Storage): SettingsStorage {
  let client: { fingerprint: string; storage: Storage } | null = null;
  const bucket = (connection: S3Connection): Storage => {
    const fingerprint = JSON.stringify(connection);
    if (client?.fingerprint !== fingerprint) client = { fingerprint, storage: s3Storage(connection) };
    return client.storage;
  };
  const read = async (): Promise<Chosen> => {
    const settings = await readStorageSettings(db);
    const connection = s3Connection(settings);
    const s3 = connection ? bucket(connection) : null;
    if (settings.file_storage_driver === 's3' && s3) return { active: s3, other: local };
    return { active: local, other: s3 };
  };
  const choose = (): Promise<Chosen> => requestChoice.getStore()?.() ?? read();
  return {
    forRequest(run, options = {}) {
      let choice: Promise<Chosen> | null = null;
      const once = () => {
        if (!choice) {
          const { knownVersion } = options;
          choice = knownVersion === undefined ? read() : withReferenceCache(db, read, knownVersion);
          // A request that stores nothing never awaits it: its failure must not go unhandled.
          choice.catch(() => undefined);
        }
        return choice;
      };
      if (options.eager ?? true) once();
      return requestChoice.run(once, run);
    },
    async put(key, data) {
      await (await choose()).active.put(key, data);
    },
    async get(key): Promise<Readable> {
      const { active, other } = await choose();
      try {
        return await active.get(key);
      } catch (error) {
        if (!other) throw error;
        return other.get(key).catch(() => {
          throw error;
        });
      }
    },
    async exists(key) {
      const { active, other } = await choose();
      if (await active.exists(key)) return true;
      return other ? other.exists(key).catch(() => false) : false;
    },
    async remove(key) {
      const { active, other } = await choose();
      await Promise.all([active.remove(key), other?.remove(key)]);
    },
    url(key) {
      return `${UPLOADS_URL_PREFIX}${key}`;
    },
  };
}

/**
 * Runs `run` with the storage chosen once, before it opens any transaction: every request (app.ts),
 * every job and the demo seed. A storage given by a test (no settings) just runs it.
 */
export function withStorageChoice<T>(storage: Storage, run: () => T): T {
  return 'forRequest' in storage ? (storage as SettingsStorage).forRequest(run) : run();
}
