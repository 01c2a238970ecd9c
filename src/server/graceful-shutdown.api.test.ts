import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { guestSession, request, spawnServer, waitUntilReady } from '../test/process/spawn-server';
import {
  adminUrl,
  onAdminDatabase,
  TEMPLATE_DB_PREFIX,
  TEST_DB_PREFIX,
  testTarget,
  withDatabase,
} from '../test/test-database';
import { DEFAULT_DEMO_PASSWORD } from './config';
import { openPglite } from './platform/db/database';

const PORT = 4501;
let dataDir = '';
let ownDatabase = '';
afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  if (ownDatabase) await onAdminDatabase(`drop database if exists ${ownDatabase} with (force)`);
});

/**
 * The server's database, a copy of the run's migrated template (the process then seeds the demo
 * shop but runs no migration): on PGlite in its data folder; on PostgreSQL a database named like
 * the run's test copies so its teardown drops it too. Never the database the suite's DATABASE_URL
 * names (the server's own `postgres`), which the process would otherwise inherit, migrate and seed.
 */
async function databaseEnv(): Promise<Record<string, string>> {
  if (testTarget() === 'pglite') {
    const template = new Blob([await fs.readFile(inject('templatePath'))]);
    await (await openPglite(path.join(dataDir, 'db'), template)).close();
    return { DATABASE_URL: '' };
  }
  const template = inject('templatePath');
  ownDatabase = `${TEST_DB_PREFIX}${template.slice(TEMPLATE_DB_PREFIX.length)}_shutdown`;
  await onAdminDatabase(`create database ${ownDatabase} template ${template}`);
  return { DATABASE_URL: withDatabase(adminUrl(), ownDatabase) };
}

describe('graceful shutdown (SIGTERM)', () => {
  it('finishes the request in flight with 200, refuses new connections and exits 0', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'emporium-shutdown-'));
    const server = spawnServer('main', {
      ...(await databaseEnv()),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      EMPORIUM_DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    });
    try {
      await waitUntilReady(PORT, server.child);
      const { cookie, csrf } = await guestSession(PORT);
      expect(csrf).not.toBe('');

      // A sign-in whose body arrives in two parts: the request is in flight when SIGTERM comes.
      const body = JSON.stringify({ email: 'admin@demo.test', password: DEFAULT_DEMO_PASSWORD });
      const half = Math.floor(body.length / 2);
      let refused: string | undefined;
      let aliveMeanwhile = false;
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: PORT,
            method: 'POST',
            path: '/login',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              accept: 'application/json',
              'x-requested-with': 'XMLHttpRequest',
              'x-csrf-token': csrf,
              cookie,
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => {
              text += chunk.toString();
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, half));
        setTimeout(() => {
          server.child.kill('SIGTERM');
          setTimeout(async () => {
            // Closed for new connections while the first request still waits for its body.
            refused = await request(PORT, { path: '/healthz' }).then(
              () => 'answered',
              (error: NodeJS.ErrnoException) => error.code,
            );
            aliveMeanwhile = server.child.exitCode === null;
            req.end(body.slice(half));
          }, 1500);
        }, 500);
      });

      const reply = await answer;
      expect(refused).toBe('ECONNREFUSED');
      expect(aliveMeanwhile).toBe(true);
      expect(reply.status, reply.body).toBe(200);
      expect(JSON.parse(reply.body)).toMatchObject({ redirect_url: '/dashboard' });
      expect(await server.exited, server.output()).toBe(0);
    } finally {
      server.killAll();
    }
  }, 240_000);
});
