import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedDb } from '../../../test/logged-db';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog } from '../audit/audit.tables';
import { jobs } from '../jobs/jobs.tables';
import { writeTogether } from './write-together';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subject = (name: string) => eq(auditLog.subjectType, name);
const auditRows = (name: string) => t.ctx.db.select().from(auditLog).where(subject(name));
const jobRows = (name: string) => t.ctx.db.select().from(jobs).where(eq(jobs.name, name));

describe('writeTogether (docs/decisions/0113)', () => {
  it('sends writes of different tables as one statement, each applied', async () => {
    await t.ctx.db.insert(auditLog).values({ action: 'old', subjectType: 'together-a' });
    const { db, sent } = loggedDb(t.database);
    const now = new Date();
    await db.transaction((tx) =>
      writeTogether(tx, [
        tx.delete(auditLog).where(subject('together-a')),
        tx.insert(auditLog).values({ action: 'new', subjectType: 'together-b', data: { n: 1 } }),
        tx
          .insert(jobs)
          .values({ name: 'test.together', payload: { n: 2 }, maxAttempts: 1, runAt: now, createdAt: now }),
      ]),
    );
    expect(sent.filter((text) => /\b(insert|delete)\b/.test(text))).toHaveLength(1);
    expect(await auditRows('together-a')).toEqual([]);
    expect((await auditRows('together-b')).map((r) => [r.action, r.data])).toEqual([['new', { n: 1 }]]);
    expect((await jobRows('test.together')).map((r) => r.payload)).toEqual([{ n: 2 }]);
  });

  it('applies none when one of them fails', async () => {
    await t.ctx.db.insert(auditLog).values({ action: 'kept', subjectType: 'together-c' });
    const now = new Date();
    await expect(
      writeTogether(t.ctx.db, [
        t.ctx.db.delete(auditLog).where(subject('together-c')),
        t.ctx.db
          .insert(jobs)
          .values({ name: 'test.together-lost', payload: {}, maxAttempts: 1, runAt: now, createdAt: now }),
        // action is not null: this insert fails, and the statement with it.
        t.ctx.db.insert(auditLog).values({ action: sql`null`, subjectType: 'together-d' }),
      ]),
    ).rejects.toThrow();
    expect((await auditRows('together-c')).map((r) => r.action)).toEqual(['kept']);
    expect(await jobRows('test.together-lost')).toEqual([]);
    expect(await auditRows('together-d')).toEqual([]);
  });

  it('sends nothing for no writes, and a lone write as itself', async () => {
    const { db, sent } = loggedDb(t.database);
    await writeTogether(db, []);
    expect(sent).toEqual([]);
    await writeTogether(db, [db.insert(auditLog).values({ action: 'alone', subjectType: 'together-e' })]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toMatch(/^with /);
    expect((await auditRows('together-e')).map((r) => r.action)).toEqual(['alone']);
  });
});
