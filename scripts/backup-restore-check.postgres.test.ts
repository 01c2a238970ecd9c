import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { adminUrl } from '../src/test/test-database';

const run = promisify(execFile);

describe('backup and restore (scripts/backup-restore-check.sh)', () => {
  it('restores a pg_dump of the demo shop with the same rows in every table', async () => {
    const { stdout } = await run('bash', ['scripts/backup-restore-check.sh'], {
      env: { ...process.env, ADMIN_URL: adminUrl(), DB_PREFIX: 'helperops_backup' },
      maxBuffer: 10 * 1024 * 1024,
    });
    const summary = /(\d+) tables, (\d+) rows, identical/.exec(stdout);
    expect(summary, stdout).not.toBeNull();
    expect(Number(summary![1])).toBeGreaterThan(50);
    expect(Number(summary![2])).toBeGreaterThan(100);
  }, 300_000);
});
