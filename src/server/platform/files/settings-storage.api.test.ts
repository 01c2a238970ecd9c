import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedDb } from '../../../test/logged-db';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { setSettings } from '../settings/settings-store';
import { settingsStorage } from './settings-storage';
import type { Storage } from './storage';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A local disk that holds one key, so a lookup shows which storage was chosen. */
const disk = (held: string): Storage => ({
  put: async () => undefined,
  get: async () => {
    throw new Error('not here');
  },
  exists: async (key) => key === held,
  remove: async () => undefined,
  url: (key) => `/uploads/${key}`,
});

async function referenceVersion(): Promise<number> {
  const result = (await t.ctx.db.execute(sql`select version from reference_data_version`)) as unknown as {
    rows: { version: string | number }[];
  };
  return Number(result.rows[0]!.version);
}

describe('the storage choice of a write request (docs/decisions/0072, 0087)', () => {
  it('reads the storage settings once per reference version when the session brought the version', async () => {
    const { db, sent } = loggedDb(t.database);
    const storage = settingsStorage(db, disk('kept.txt'));
    const settingsReads = () => sent.filter((q) => /from "settings"/.test(q)).length;
    const write = (knownVersion?: number) =>
      storage.forRequest(() => storage.exists('kept.txt'), { eager: true, knownVersion });

    const version = await referenceVersion();
    expect(await write(version)).toBe(true);
    expect(await write(version)).toBe(true);
    expect(settingsReads()).toBe(1);

    // Without a version (no session) it reads them itself, every time.
    await write();
    await write();
    expect(settingsReads()).toBe(3);

    // A settings save moves the version: the next write request reads them again.
    await setSettings(t.ctx.db, { file_storage_driver: 'local' });
    const moved = await referenceVersion();
    expect(moved).toBeGreaterThan(version);
    expect(await write(moved)).toBe(true);
    expect(settingsReads()).toBe(4);
  });
});
