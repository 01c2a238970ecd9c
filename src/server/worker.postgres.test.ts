import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../test/process/spawn-server';
import { adminUrl, onAdminDatabase, withDatabase } from '../test/test-database';
import { rateLimitBuckets } from './platform/auth/auth.tables';
import { openPostgres } from './platform/db/database';
import { jobs } from './platform/jobs/jobs.tables';
import { prepareDatabase } from './prepare-database';

const name = `helperops_worker_${randomBytes(4).toString('hex')}`;

const admin = onAdminDatabase;

afterAll(() => admin(`drop database if exists ${name} with (force)`));

describe('npm run worker', () => {
  it('runs the queue in a process of its own (the hourly housekeeping among it) and stops on SIGTERM', async () => {
    await admin(`create database ${name}`);
    const url = withDatabase(adminUrl(), name);
    const database = await openPostgres(url, 2);
    try {
      await prepareDatabase(database);
      // A rate-limit window of two days ago: the housekeeping's to delete.
      await database.db
        .insert(rateLimitBuckets)
        .values({ key: 'worker-test', windowStart: new Date(Date.now() - 2 * 86_400_000), hits: 3 });

      const worker = spawnServer('worker', {
        DATABASE_URL: url,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
      });
      try {
        let done: { status: string }[] = [];
        for (let i = 0; i < 240 && done.length === 0; i++) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          done = await database.db
            .select({ status: jobs.status })
            .from(jobs)
            .where(sql`${jobs.name} = 'platform.housekeeping' and ${jobs.status} = 'done'`);
        }
        expect(done, worker.output()).toHaveLength(1);
        const left = await database.db
          .select()
          .from(rateLimitBuckets)
          .where(eq(rateLimitBuckets.key, 'worker-test'));
        expect(left).toEqual([]);
        expect(worker.output()).toContain('job worker running');

        worker.child.kill('SIGTERM');
        expect(await worker.exited, worker.output()).toBe(0);
      } finally {
        worker.killAll();
      }
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses to start without DATABASE_URL', async () => {
    const worker = spawnServer('worker', { DATABASE_URL: '', NODE_ENV: 'test' });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain('The embedded database (PGlite) belongs to one process');
  }, 60_000);
});
