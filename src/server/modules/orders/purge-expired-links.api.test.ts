import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderFixture } from '../../../test/order-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runDueJobs } from '../../platform/jobs/job-queue';
import { orderLinks } from './orders.tables';
import { ORDER_LINK_KEEP_MS, purgeExpiredOrderLinks } from './purge-expired-links';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('orders.purge-expired-links (docs/decisions/0073)', () => {
  it("deletes links expired for a month but keeps each order's newest link and live ones", async () => {
    const now = t.ctx.now().getTime();
    const at = (ms: number) => new Date(now + ms);
    const old = at(-ORDER_LINK_KEEP_MS - 60_000);
    const a = await createOrderFixture(t.ctx.db);
    const b = await createOrderFixture(t.ctx.db);
    const link = (orderId: number, hash: string, sentAt: Date, expiresAt: Date) => ({
      orderId,
      tokenHash: `purge-${hash}`,
      sentAt,
      expiresAt,
      usesRemaining: 1,
    });
    await t.ctx.db.insert(orderLinks).values([
      link(a.id, 'a-oldest', at(-40 * 86_400_000), old),
      link(a.id, 'a-old', at(-39 * 86_400_000), old),
      link(a.id, 'a-live', at(-1000), at(86_400_000)),
      // b's only link expired long ago: it stays, the panel shows it expired.
      link(b.id, 'b-only', at(-40 * 86_400_000), old),
    ]);
    expect(await runDueJobs(t.ctx, [purgeExpiredOrderLinks], { schedule: true })).toBe(1);
    const hashes = async (orderId: number) =>
      (await t.ctx.db.select().from(orderLinks).where(eq(orderLinks.orderId, orderId))).map(
        (l) => l.tokenHash,
      );
    expect(await hashes(a.id)).toEqual(['purge-a-live']);
    expect(await hashes(b.id)).toEqual(['purge-b-only']);
  });
});
