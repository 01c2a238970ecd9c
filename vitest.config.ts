import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure rules, contracts, browser helpers) and `db` (everything that talks to
 * a database: API and use-case tests). `npm test` runs both on PGlite; `npm run test:postgres`
 * runs `db` against a real PostgreSQL.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/contracts/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'db',
          include: ['src/server/**/*.test.ts', 'src/test/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
