import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure rules, contracts, browser helpers), `db` (everything that talks to
 * a database: API and use-case tests) and `security` (the route census, role and id sweeps,
 * hostile inputs and CSRF over every route: src/test/security). `npm test` runs unit and db on
 * PGlite; `npm run test:postgres` runs `db` against a real PostgreSQL; `npm run test:security`
 * runs the security suite. `*.pglite.test.ts` files measure the process itself (the export memory
 * test, issue 13: "run in CI on PGlite") and run on the embedded database only; `*.postgres.test.ts`
 * files need what only a server has (a second connection holding a lock) and run on PostgreSQL only.
 */
const onPostgres = process.env.EMPORIUM_TEST_DATABASE === 'postgres';
export default defineConfig({
  test: {
    // Vitest leaves one core to itself by default: on CI's 2 cores that is one test worker. The
    // main process mostly waits, so two workers use both cores (CI time, issue 18).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/contracts/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The screen tests render whole pages in jsdom: on a busy 2-core machine one takes seconds.
          testTimeout: 20_000,
          // A worker keeps React, Mantine and the screens loaded from one file to the next instead of
          // importing them again for each of the 100 files: 85 -> 38 s for this project alone (CI time,
          // issue 18). Files that stub fetch undo it after each test (vi.unstubAllGlobals), and the
          // DOM is cleaned after each test, and renderWithProviders empties Mantine's toast store
          // (module state, which a toast unmounted before it closed stays in), so no state crosses
          // from one file to the next.
          isolate: false,
        },
      },
      {
        test: {
          name: 'db',
          include: ['src/server/**/*.test.ts', 'src/test/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/test/security/**', onPostgres ? '**/*.pglite.test.ts' : '**/*.postgres.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          setupFiles: onPostgres ? ['src/test/pg-busy-client.setup.ts'] : [],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file already gets its own database (global-setup's template; a PGlite copy a finished
          // file gave back is emptied and handed out again, docs/decisions/0090), and no test mocks a
          // module, so a worker keeps the app's modules loaded from one file to the next instead of
          // importing the whole server again for every file (CI time, issue 18).
          isolate: false,
        },
      },
      {
        test: {
          name: 'security',
          include: ['src/test/security/**/*.security.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // As the db project: a worker keeps the server's modules and its PGlite copies between files.
          isolate: false,
        },
      },
    ],
  },
});
