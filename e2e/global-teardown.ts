import fs from 'node:fs/promises';

/** Removes the journey app's data folder (database, uploads, mail) once every journey has run. */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env.EMPORIUM_E2E_DATA_DIR;
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}
