/**
 * `npm run migrate`: applies the committed migrations and the reference data to DATABASE_URL (or
 * the embedded database in EMPORIUM_DATA_DIR), then exits; app processes also do it at boot
 * (docs/operations.md "Running migrations").
 */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/platform/db/database';
import { prepareDatabase } from '../src/server/prepare-database';

const config = loadConfig();
const database = await openDatabase(config);
await prepareDatabase(database);
await database.close();
console.log(
  `Migrations applied (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL'}).`,
);
