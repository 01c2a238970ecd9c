import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { pendingMigrations, readJournal } from '../db/migration-status';
import { livenessRoute, readinessRoute } from './health.routes';

const journal = readJournal();
const ahead = [...journal, { tag: '9999_not_yet_applied', when: Date.now() + 1000 }];

let t: TestApp;
let behind: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The same database, checked against a journal with one migration more than it has applied.
  behind = await createTestApp({ routes: [livenessRoute, readinessRoute(ahead)] });
});
afterAll(async () => {
  await t?.close();
  // Its database is closed by the last test: the app and its folder remain.
  await behind?.app.close();
  if (behind) await fs.rm(behind.dataDir, { recursive: true, force: true });
});

describe('health', () => {
  it('answers liveness without a session or the database', async () => {
    const response = await t.agent().get('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is ready when every migration of the journal is applied', async () => {
    expect(journal.length).toBeGreaterThan(10);
    expect(await pendingMigrations(t.ctx.db, journal)).toEqual([]);
    const response = await t.agent().get('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', pid: process.pid });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('names the migrations a database lacks', async () => {
    expect(await pendingMigrations(t.ctx.db, ahead)).toEqual(['9999_not_yet_applied']);
    const response = await behind.agent().get('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      reason: '1 migration(s) not applied.',
      pending: ['9999_not_yet_applied'],
      pid: process.pid,
    });
  });

  it('is not ready when the database does not answer, and still alive', async () => {
    await behind.database.close();
    const response = await behind.agent().get('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable', reason: 'The database does not answer.' });
    expect((await behind.agent().get('/healthz')).statusCode).toBe(200);
  });
});
