/**
 * `npm run migrate`: applies the committed migrations and the reference data to DATABASE_URL (or
 * the embedded database in EMPORIUM_DATA_DIR), then exits; app processes also do it at boot
 * (docs/operations.md "Running migrations"). `-- --demo` adds the demo shop (backup check).
 */
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/platform/db/database';
import { prepareDatabase } from '../src/server/prepare-database';
import { seedDemo } from '../src/server/seed-demo';

const config = loadConfig();
const database = await openDatabase(config);
await prepareDatabase(database);
if (process.argv.includes('--demo')) {
  const { app, ctx } = await buildApp({ config, database });
  await seedDemo(ctx);
  await app.close();
}
await database.close();
console.log(
  `Migrations applied (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL'}).`,
);
