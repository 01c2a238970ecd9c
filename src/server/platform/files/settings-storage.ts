import type { Readable } from 'node:stream';
import { type S3Connection, s3Connection } from '../../../domain/files/file-storage';
import type { Executor } from '../db/database';
import { settingsReader } from '../settings/settings-store';
import { s3Storage } from './s3-storage';
import { type Storage, UPLOADS_URL_PREFIX } from './storage';

const readStorageSettings = settingsReader([
  'file_storage_driver',
  's3_endpoint',
  's3_bucket',
  's3_region',
  's3_access_key_id',
  's3_secret_access_key',
  's3_force_path_style',
]);

/** The storages to use now: where new files go, and where older files may still be. */
type Chosen = { active: Storage; other: Storage | null };

/**
 * The storage the system settings choose (issue 18, docs/decisions/0072), looked up at every call:
 * the settings come through the reference cache (one version read per GET; a save is seen by the
 * next request of every process), so switching the driver needs no restart.
 *
 * - New files go to the chosen driver.
 * - A file is read from the chosen driver, and when it is not there from the other one (the local
 *   disk, or the bucket when its settings are complete): files stored before a switch keep working.
 * - Removing a file removes it from both.
 */
export function settingsStorage(db: Executor, local: Storage): Storage {
  let client: { fingerprint: string; storage: Storage } | null = null;
  const bucket = (connection: S3Connection): Storage => {
    const fingerprint = JSON.stringify(connection);
    if (client?.fingerprint !== fingerprint) client = { fingerprint, storage: s3Storage(connection) };
    return client.storage;
  };
  const choose = async (): Promise<Chosen> => {
    const settings = await readStorageSettings(db);
    const connection = s3Connection(settings);
    const s3 = connection ? bucket(connection) : null;
    if (settings.file_storage_driver === 's3' && s3) return { active: s3, other: local };
    return { active: local, other: s3 };
  };
  return {
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
