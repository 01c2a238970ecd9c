import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

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

async function waitUntilReady(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${stderr()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app at ${url} was not ready within 150 s:\n${stderr()}`);
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
  const url = `http://localhost:${options.port}`;
  const env = options.env ?? {};
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', env.DATABASE_URL ? 'src/server/cluster.ts' : 'src/server/main.ts'],
    {
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: 'localhost',
        EMPORIUM_DATA_DIR: options.dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      // Its own process group: stopping it ends a cluster's app processes with their primary.
      detached: true,
    },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(`[app ${options.port}] ${chunk.toString()}`);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, name);
  };
  try {
    await waitUntilReady(url, child, () => stderr);
  } catch (error) {
    signal('SIGKILL');
    throw error;
  }
  return {
    url,
    stop: async () => {
      signal('SIGTERM');
      const killed = setTimeout(() => signal('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killed);
    },
  };
}

/** Starts the worker's app on a fresh database and data folder, and answers once /readyz does. */
export async function startShopServer(): Promise<ShopServer> {
  const dataDir = workerDataDir();
  await fs.rm(dataDir, { recursive: true, force: true });
  const serverUrl = process.env.E2E_DATABASE_URL;
  const database = workerDatabase(workerSlot());
  if (serverUrl)
    await onServer(serverUrl, [
      `drop database if exists ${database} with (force)`,
      `create database ${database}`,
    ]);
  const app = await startApp({
    port: workerPort(),
    dataDir,
    env: {
      // A failing job ends failed in about 3 s instead of 4 min (e2e/failed-jobs.spec.ts).
      EMPORIUM_JOB_RETRY_BASE_MS: '200',
      ...(serverUrl
        ? {
            DATABASE_URL: withDatabase(serverUrl, database),
            EMPORIUM_PROCESSES: process.env.E2E_PROCESSES ?? '2',
          }
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
