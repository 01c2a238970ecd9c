import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Set once by the runner and inherited by the workers: each worker's app keeps its data in a
// folder under it, and in production mode its database is named after it (e2e/shop-server.ts).
process.env.EMPORIUM_E2E_DATA_DIR ??= path.join(os.tmpdir(), `emporium-e2e-${process.pid}`);
process.env.EMPORIUM_E2E_DATABASE ??= `emporium_e2e_${process.pid}`;

/**
 * Debian's headless shell (package chromium-headless-shell, the same Blink as `chromium` without the
 * browser's own windowing layer) when it is installed, as Playwright's own headless runs use: the
 * journeys cost about a fifth less CPU in it (docs/decisions/0096). `/usr/bin/chromium` otherwise,
 * or CHROMIUM_PATH.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * Browser journeys in Debian's Chromium against the built app. Each worker starts an app of its
 * own on a fresh database (e2e/fixtures.ts, e2e/shop-server.ts; docs/decisions/0082), so the
 * files are shared out between E2E_WORKERS workers (2 by default) without sharing any state.
 */
export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/global-teardown.ts',
  // A journey clicks through a whole screen group with axe-core on every page it reaches, two
  // workers beside two app processes each on two cores: the longest took 47 s alone on a slow day
  // and went past a 60 s limit with both workers busy. The limit is for a hung test, not a slow one.
  timeout: 150_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    viewport: { width: 1280, height: 800 },
    // The theme honours it (respectReducedMotion): toasts and dialogs appear at once, so the axe
    // check at the end of a journey never reads a toast half faded in or out (docs/decisions/0045).
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: chromium,
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
});
