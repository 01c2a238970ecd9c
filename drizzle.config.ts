import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/platform/**/*.tables.ts', './src/server/modules/**/*.tables.ts'],
  out: './migrations',
});
