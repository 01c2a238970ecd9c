import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { spawnServer, waitUntilReady } from '../src/test/process/spawn-server';

/**
 * Each Playwright worker runs its journeys against an app of its own (docs/decisions/0082): its
 * own port, data folder (uploads, mail, SMS) and database, so two workers never see each other's
 * orders, settings or sessions, and a journey's expectations hold whichever files ran before it on
 * that worker. Production mode (issue 18, docs/decisions/0071): with E2E_DATABASE_URL naming a
 * PostgreSQL server, `start:cluster` with E2E_PROCESSES app processes (2 by default) on a fresh
 * database; without it, one process on PGlite.
 */

/** The worker's slot (0, 1, …), reused by the worker that replaces one after a failed journey. */
export const workerSlot = (): number => Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** Two ports per worker: its app's, and the next for a journey that runs an app of its own. */
export const workerPort = (offset = 0): number =>
  Number(process.env.E2E_PORT ?? 4310) + 2 * workerSlot() + offset;

/** The worker's app data folder (its mail and SMS folders are read by the journeys). */
export const workerDataDir = (): string =>
  path.join(process.env.EMPORIUM_E2E_DATA_DIR!, `worker-${workerSlot()}`);

/** The PostgreSQL database of a worker's app: the run's name (playwright.config.ts) and the slot. */
export const workerDatabase = (slot: number): string => `${process.env.EMPORIUM_E2E_DATABASE}_w${slot}`;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs SQL on the PostgreSQL server's maintenance database (creating and dropping a worker's). */
export async function onServer(serverUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

export type ShopServer = { url: string; stop: () => Promise<void> };

/**
 * Starts the built app in production mode on a port and data folder, one process on PGlite or
 * `start:cluster` when `env` names a DATABASE_URL, and answers once /readyz does. `stop` ends it
 * (its cluster's processes too) and waits until it has exited.
 */
export async function startApp(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ShopServer> {
  const env = options.env ?? {};
  const server = spawnServer(env.DATABASE_URL ? 'cluster' : 'main', {
    PORT: String(options.port),
    HOST: 'localhost',
    EMPORIUM_DATA_DIR: options.dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ...env,
  });
  server.child.stderr!.on('data', (chunk: Buffer) =>
    process.stderr.write(`[app ${options.port}] ${chunk.toString()}`),
  );
  try {
    await waitUntilReady(options.port, server.child, 150_000, 'localhost');
  } catch (error) {
    server.killAll();
    throw new Error(`${(error as Error).message}:\n${server.output()}`);
  }
  return {
    url: `http://localhost:${options.port}`,
    stop: async () => {
      // SIGTERM to its process group (a cluster's app processes too), SIGKILL if it hangs.
      if (server.child.exitCode === null && server.child.pid) process.kill(-server.child.pid, 'SIGTERM');
      const killed = setTimeout(server.killAll, 15_000);
      await server.exited;
      clearTimeout(killed);
    },
  };
}

/**
 * Starts an app on a fresh data folder and, in production mode (E2E_DATABASE_URL), a fresh
 * PostgreSQL database of this name run by `start:cluster` with E2E_PROCESSES processes (one
 * process on PGlite otherwise). `prepare` fills them first (a seed), given the database's URL in
 * production mode. `stop` ends the app and removes both.
 */
export async function startAppOnFreshData(options: {
  port: number;
  dataDir: string;
  database: string;
  env?: Record<string, string>;
  prepare?: (databaseUrl: string | undefined) => void | Promise<void>;
}): Promise<ShopServer> {
  const { dataDir, database } = options;
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true });
  const serverUrl = process.env.E2E_DATABASE_URL;
  if (serverUrl)
    await onServer(serverUrl, [
      `drop database if exists ${database} with (force)`,
      `create database ${database}`,
    ]);
  const databaseUrl = serverUrl ? withDatabase(serverUrl, database) : undefined;
  await options.prepare?.(databaseUrl);
  const app = await startApp({
    port: options.port,
    dataDir,
    env: {
      ...options.env,
      ...(databaseUrl
        ? { DATABASE_URL: databaseUrl, EMPORIUM_PROCESSES: process.env.E2E_PROCESSES ?? '2' }
        : {}),
    },
  });
  return {
    url: app.url,
    stop: async () => {
      await app.stop();
      if (serverUrl) await onServer(serverUrl, [`drop database if exists ${database} with (force)`]);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the worker's app on a fresh database and data folder, and answers once /readyz does. */
export function startShopServer(): Promise<ShopServer> {
  return startAppOnFreshData({
    port: workerPort(),
    dataDir: workerDataDir(),
    database: workerDatabase(workerSlot()),
    // A failing job ends failed in about 3 s instead of 4 min (e2e/failed-jobs.spec.ts).
    env: { EMPORIUM_JOB_RETRY_BASE_MS: '200' },
  });
}
