import fs from 'node:fs/promises';
import pg from 'pg';

/**
 * Removes the journey apps' data folder (databases, uploads, mail) once every journey has run, and
 * in production mode any worker's PostgreSQL database its worker left behind (each worker drops
 * its own when it stops: e2e/shop-server.ts).
 */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env.EMPORIUM_E2E_DATA_DIR;
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  const server = process.env.E2E_DATABASE_URL;
  const name = process.env.EMPORIUM_E2E_DATABASE;
  if (!server || !name || !/^emporium_e2e_\d+$/.test(name)) return;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    const left = await client.query<{ datname: string }>(
      'select datname from pg_database where datname ~ $1',
      // A worker's app, and the products-list journeys' app (e2e/products-list.spec.ts).
      [`^${name}_w[0-9]+(_products)?$`],
    );
    // The apps have stopped by now; a straggling connection is cut rather than waited for.
    for (const { datname } of left.rows)
      await client.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await client.end();
  }
}
