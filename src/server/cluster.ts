/**
 * `npm run start:cluster`: the primary migrates, loads the reference data and the demo shop once,
 * then forks EMPORIUM_PROCESSES app processes sharing one port (node:cluster), forks again any that
 * dies (later and later when they die soon after starting: cluster-restart.ts), and on SIGTERM/SIGINT passes the signal on and exits 0 when all have finished their
 * requests (docs/operations.md, docs/decisions/0071). PostgreSQL only.
 */
import cluster, { type Worker } from 'node:cluster';
import { buildApp } from './app';
import { nextRestart, type RestartState } from './cluster-restart';
import { loadConfig } from './config';
import { main, PGLITE_IS_ONE_PROCESS } from './main';
import { openDatabase } from './platform/db/database';
import { prepareDatabase } from './prepare-database';
import { seedDemo } from './seed-demo';

async function primary(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(PGLITE_IS_ONE_PROCESS);
    process.exit(1);
  }
  process.env.NODE_ENV ??= config.env;
  const database = await openDatabase(config);
  await prepareDatabase(database);
  if (config.seedDemo) {
    const { app, ctx } = await buildApp({ config, database });
    await seedDemo(ctx);
    await app.close();
  }
  await database.close();

  let stopping = false;
  let restarts: RestartState = { quickDeaths: 0 };
  const startedAt = new Map<number, number>();
  const fork = (): Worker => {
    const worker = cluster.fork({ EMPORIUM_PREPARED: 'true' });
    startedAt.set(worker.id, Date.now());
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const ranFor = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    const next = nextRestart(restarts, ranFor);
    restarts = next.state;
    console.warn(
      `Emporium process ${worker.process.pid} ended (${signal ?? code}) after ${Math.round(ranFor / 1000)} s; ` +
        (next.delayMs ? `starting another in ${next.delayMs / 1000} s.` : 'starting another.'),
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, next.delayMs);
  });
  for (let i = 0; i < config.processes; i++) fork();
  console.log(
    `\n  Emporium is running on http://localhost:${config.port} with ${config.processes} processes (PostgreSQL)\n`,
  );

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

if (cluster.isPrimary) {
  primary().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
