import { buildApp } from './app';
import { loadConfig } from './config';
import { allJobs } from './jobs';
import { purgeExpiredSessions } from './platform/auth/sessions';
import { openDatabase } from './platform/db/database';
import { startJobWorker } from './platform/jobs/job-worker';
import { prepareDatabase } from './prepare-database';
import { seedDemo } from './seed-demo';

/** boot: config → database (migrate, reference data, demo data) → HTTP → job worker. */
export async function main(): Promise<void> {
  const config = loadConfig();
  // React and other libraries pick their production build from NODE_ENV; `npm start` leaves it unset.
  process.env.NODE_ENV ??= config.env;
  const database = await openDatabase(config);
  await prepareDatabase(database);
  const { app, ctx } = await buildApp({ config, database, requireWebBuild: config.env !== 'test' });
  const demo = config.seedDemo ? await seedDemo(ctx) : null;
  await app.listen({ port: config.port, host: config.host });

  const housekeeping = setInterval(
    () => {
      purgeExpiredSessions(ctx.db, ctx.now()).catch((error) =>
        app.log.error({ err: error }, 'session purge failed'),
      );
    },
    60 * 60 * 1000,
  );
  housekeeping.unref();
  // Mail and SMS queued by requests, sent here (docs/decisions/0046); every process runs one.
  const worker = startJobWorker(ctx, allJobs, app.log);

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

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    clearInterval(housekeeping);
    await app.close();
    // After the last request: a job it queued may still be taken by this process.
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
