import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { guestSession, request, spawnServer, waitUntilReady } from '../test/process/spawn-server';
import { adminUrl, onAdminDatabase, withDatabase } from '../test/test-database';
import { DEFAULT_DEMO_PASSWORD } from './config';

const PORT = 4502;
const name = `helperops_cluster_${randomBytes(4).toString('hex')}`;

const admin = onAdminDatabase;

afterAll(() => admin(`drop database if exists ${name} with (force)`));

describe('npm run start:cluster', () => {
  it('runs two processes on one port sharing sessions in PostgreSQL, and stops on SIGTERM', async () => {
    await admin(`create database ${name}`);
    const server = spawnServer('cluster', {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: withDatabase(adminUrl(), name),
      EMPORIUM_PROCESSES: '2',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    });
    try {
      await waitUntilReady(PORT, server.child, 200_000);
      // The first process answered; wait until the second listens too.
      const started = new Set<number>();
      for (let i = 0; i < 240 && started.size < 2; i++) {
        const ready = await request(PORT, { path: '/readyz', agent: false });
        if (ready.status === 200) started.add(JSON.parse(ready.body).pid);
        else await new Promise((resolve) => setTimeout(resolve, 500));
        if (started.size < 2) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(started.size).toBe(2);
      const { cookie: guestCookie, csrf } = await guestSession(PORT);
      const signIn = await request(PORT, {
        method: 'POST',
        path: '/login',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'x-csrf-token': csrf,
          cookie: guestCookie,
        },
        body: JSON.stringify({ email: 'admin@demo.test', password: DEFAULT_DEMO_PASSWORD }),
      });
      expect(signIn.status, signIn.body).toBe(200);
      const cookie = String(signIn.headers['set-cookie']?.[0]).split(';')[0]!;

      // Each request on a new connection: the primary deals them in turn to both processes, so the
      // session made by one is read by both.
      const pids = new Set<number>();
      // Three requests a round, so /readyz (which names its process) lands on each in turn.
      for (let i = 0; i < 20; i++) {
        const ready = await request(PORT, { path: '/readyz', agent: false });
        pids.add(JSON.parse(ready.body).pid);
        for (let j = 0; j < 2; j++) {
          const user = await request(PORT, {
            path: '/api/user',
            agent: false,
            headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
          });
          expect(user.status, user.body).toBe(200);
          expect(JSON.parse(user.body).data.email).toBe('admin@demo.test');
        }
      }
      expect(pids.size).toBe(2);

      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
    } finally {
      server.killAll();
    }
  }, 300_000);

  it('refuses to start without DATABASE_URL', async () => {
    const server = spawnServer('cluster', {
      DATABASE_URL: '',
      NODE_ENV: 'test',
      PORT: String(PORT),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('The embedded database (PGlite) belongs to one process');
  }, 60_000);
});
