import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { allJobs } from './jobs';
import { type Database, openDatabase } from './platform/db/database';
import { type JobWorker, startJobWorker } from './platform/jobs/job-worker';
import { prepareDatabase } from './prepare-database';
import { seedDemo } from './seed-demo';
import { startedAs } from './started-as';

/**
 * A process's app on its database: migrated and seeded unless a cluster's primary already did it
 * (config.prepared). `npm start`, each cluster worker and `npm run worker` start here.
 */
export async function bootApp(config: Config, options: { serveWeb?: boolean } = {}) {
  // React and other libraries pick their production build from NODE_ENV; `npm start` leaves it unset.
  process.env.NODE_ENV ??= config.env;
  const database = await openDatabase(config);
  if (!config.prepared) await prepareDatabase(database);
  const { app, ctx } = await buildApp({
    config,
    database,
    requireWebBuild: (options.serveWeb ?? true) && config.env !== 'test',
  });
  const demo = config.seedDemo && !config.prepared ? await seedDemo(ctx) : null;
  return { database, app, ctx, demo };
}

/** Why `start:cluster` and `worker` need DATABASE_URL. */
export const PGLITE_IS_ONE_PROCESS =
  'The embedded database (PGlite) belongs to one process: set DATABASE_URL to a PostgreSQL server to run several processes (docs/operations.md).';

/**
 * SIGTERM / SIGINT: stop taking connections, finish the requests in flight (Fastify's close waits
 * for them), then the job in hand, then close the database and exit 0 (docs/operations.md).
 */
export function exitGracefully(parts: {
  app: FastifyInstance;
  database: Database;
  worker: JobWorker | null;
}): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    parts.app.log.info({ signal }, 'shutting down');
    await parts.app.close();
    // After the last request: a job it queued may still be taken by this process.
    await parts.worker?.stop();
    await parts.database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** boot: config → database (migrate, reference data, demo data) → HTTP → job worker. */
export async function main(config: Config = loadConfig()): Promise<void> {
  const { database, app, ctx, demo } = await bootApp(config);
  await app.listen({ port: config.port, host: config.host });

  // Mail and SMS queued by requests, sent here (docs/decisions/0046) unless `npm run worker`
  // processes do it (EMPORIUM_JOB_WORKER=false, docs/decisions/0071); recurring jobs (expired rows)
  // run once per slot across processes (docs/decisions/0073).
  const worker = config.jobWorker ? startJobWorker(ctx, allJobs, app.log) : null;
  exitGracefully({ app, database, worker });

  if (config.prepared) return; // a cluster worker: its primary printed the banner.
  const address = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const lines = [
    '',
    `  Emporium is running on ${address}`,
    `  Database: ${database.kind === 'pglite' ? `embedded (PGlite) in ${config.dataDir}/db` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (demo) {
    lines.push('', `  Demo logins (password for all: ${demo.password}):`);
    for (const user of demo.users) lines.push(`    ${user.email.padEnd(22)} ${user.roles.join(', ')}`);
    lines.push('', `  Admin back office: ${address}/login → ${address}/dashboard`);
  }
  console.log(`${lines.join('\n')}\n`);
}

if (startedAs('main')) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
