import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);
// Set once by the runner and inherited by the workers, so journeys can read the app's mail folder.
process.env.EMPORIUM_E2E_DATA_DIR ??= path.join(os.tmpdir(), `emporium-e2e-${process.pid}`);
const dataDir = process.env.EMPORIUM_E2E_DATA_DIR;
/**
 * Production mode (issue 18, docs/decisions/0071): with E2E_DATABASE_URL naming a PostgreSQL server,
 * the journeys run against `start:cluster` with E2E_PROCESSES app processes (2 by default) on a
 * fresh database of their own, dropped by the teardown; without it, one process on PGlite.
 */
const serverUrl = process.env.E2E_DATABASE_URL;
process.env.EMPORIUM_E2E_DATABASE ??= `emporium_e2e_${process.pid}`;
const databaseName = process.env.EMPORIUM_E2E_DATABASE;
const databaseUrl = serverUrl ? withDatabase(serverUrl, databaseName) : undefined;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

const serverCommand = databaseUrl
  ? `rm -rf ${dataDir} && psql "${serverUrl}" -qc "drop database if exists ${databaseName}" -c "create database ${databaseName}" && node --import tsx src/server/cluster.ts`
  : `rm -rf ${dataDir} && node --import tsx src/server/main.ts`;

/** Browser journeys in Debian's Chromium against the built app on a fresh embedded database. */
export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
    // The theme honours it (respectReducedMotion): toasts and dialogs appear at once, so the axe
    // check at the end of a journey never reads a toast half faded in or out (docs/decisions/0045).
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: serverCommand,
    url: `http://localhost:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: 'localhost',
      EMPORIUM_DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // A failing job ends failed in about 3 s instead of 4 min (e2e/failed-jobs.spec.ts).
      EMPORIUM_JOB_RETRY_BASE_MS: '200',
      ...(databaseUrl
        ? { DATABASE_URL: databaseUrl, EMPORIUM_PROCESSES: process.env.E2E_PROCESSES ?? '2' }
        : {}),
    },
  },
});
