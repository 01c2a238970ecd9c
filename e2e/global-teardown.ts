import fs from 'node:fs/promises';
import pg from 'pg';

/**
 * Removes the journey app's data folder (database, uploads, mail) once every journey has run, and
 * in production mode its PostgreSQL database (playwright.config.ts).
 */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env.EMPORIUM_E2E_DATA_DIR;
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  const server = process.env.E2E_DATABASE_URL;
  const name = process.env.EMPORIUM_E2E_DATABASE;
  if (server && name && /^emporium_e2e_\d+$/.test(name)) {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      // The cluster has stopped by now; a straggling connection is cut rather than waited for.
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  }
}
