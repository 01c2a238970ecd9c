/**
 * `npm run worker`: a process with only the job worker (and so the recurring housekeeping), no HTTP
 * server, beside app processes started with EMPORIUM_JOB_WORKER=false (docs/operations.md).
 */
import { loadConfig } from './config';
import { allJobs } from './jobs';
import { bootApp, exitGracefully, PGLITE_IS_ONE_PROCESS } from './main';
import { startJobWorker } from './platform/jobs/job-worker';
import { startedAs } from './started-as';

export async function runWorker(): Promise<void> {
  const config = { ...loadConfig(), seedDemo: false };
  if (!config.databaseUrl) throw new Error(PGLITE_IS_ONE_PROCESS);
  // Migrations take an advisory lock, so a worker starting beside the app processes waits its turn.
  const { database, app, ctx } = await bootApp(config, { serveWeb: false });
  await app.ready();
  const worker = startJobWorker(ctx, allJobs, app.log);
  exitGracefully({ app, database, worker });
  app.log.info('job worker running');
}

if (startedAs('worker')) {
  runWorker().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
