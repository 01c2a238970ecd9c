import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { build, isBuildStale } from '../../scripts/build';
import { openPglite, openPostgres } from '../server/platform/db/database';
import { prepareDatabase } from '../server/prepare-database';
import {
  adminUrl,
  keepTemplateRows,
  TEMPLATE_DB_PREFIX,
  TEST_DB_PREFIX,
  testTarget,
  withDatabase,
} from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    templatePath: string;
  }
}

/** Migrates one template database per run; every test file then starts from a copy of it. */
export default async function setup(project: TestProject) {
  if (testTarget() === 'pglite') {
    const database = await openPglite(undefined);
    await prepareDatabase(database);
    await keepTemplateRows(database);
    const dump = await database.pglite!.dumpDataDir('none');
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'emporium-template-')), 'template.tar');
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('templatePath', file);
    return async () => {
      await fs.rm(path.dirname(file), { recursive: true, force: true });
    };
  }

  // The production battery (src/test/production, docs/decisions/0076) starts the built app: build
  // it once here when the web sources changed since the last build, before the files run at once.
  if (project.name === 'db' && isBuildStale()) build();

  // Names unique to this run, so runs from several checkouts at once never touch each other's databases.
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const template = `${TEMPLATE_DB_PREFIX}${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await admin.end();
  const database = await openPostgres(withDatabase(adminUrl(), template), 2);
  await prepareDatabase(database);
  await database.close();
  project.provide('templatePath', template);
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
    const own = await client.query<{ datname: string }>(
      'select datname from pg_database where datname = $1 or datname like $2',
      [template, `${TEST_DB_PREFIX}${runId}_%`],
    );
    for (const row of own.rows) await client.query(`drop database if exists ${row.datname} with (force)`);
    await client.end();
  };
}
