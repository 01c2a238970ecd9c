import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rateLimitBuckets } from '../auth/auth.tables';
import { databaseRateLimits, type RateLimitStore, redisRateLimits } from './rate-limit';

/**
 * Rate limits in Redis (issue 18 `REDIS_URL`, docs/decisions/0081), against the real server that
 * CI starts beside PostgreSQL (.ci/run): the counters, their atomicity under concurrent hits, the
 * sign-in limits of an app built with REDIS_URL, and the database taking over when Redis is away.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let t: TestApp;
let redis: Redis;
let store: RateLimitStore;
const errors: unknown[] = [];
const prefix = `emporium-test:${randomUUID()}:`;
const rule = { limit: 10, windowSeconds: 60 };

beforeAll(async () => {
  t = await createTestApp({ config: { redisUrl: REDIS_URL } });
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  store = redisRateLimits(redis, databaseRateLimits(t.ctx.db), (error) => errors.push(error), prefix);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await t.close();
});

describe('rate limits in Redis', () => {
  it('let exactly the limit through when hits arrive together, and say when to come back', async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, () => store.hit('burst', rule, t.ctx.now())),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    const refused = results.find((r) => !r.allowed)!;
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // The window expires with its counter.
    const ttl = await redis.pttl(`${prefix}burst`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(errors).toEqual([]);
  });

  it('take a hit back, never below none, and clear a key', async () => {
    await store.hit('back', rule, t.ctx.now());
    await store.hit('back', rule, t.ctx.now());
    await store.takeBack('back');
    expect(await redis.get(`${prefix}back`)).toBe('1');
    await store.takeBack('back');
    await store.takeBack('back');
    expect(await redis.get(`${prefix}back`)).toBe('0');
    await store.clear('back');
    expect(await redis.exists(`${prefix}back`)).toBe(0);
    expect((await store.hit('back', rule, t.ctx.now())).hits).toBe(1);
  });

  it('count in the database while Redis does not answer', async () => {
    const away = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    away.on('error', () => {});
    const failures: unknown[] = [];
    const outage = redisRateLimits(
      away,
      databaseRateLimits(t.ctx.db),
      (error) => failures.push(error),
      prefix,
    );
    const key = `outage-${randomUUID()}`;
    const first = await outage.hit(key, { limit: 1, windowSeconds: 60 }, t.ctx.now());
    const second = await outage.hit(key, { limit: 1, windowSeconds: 60 }, t.ctx.now());
    expect([first.allowed, second.allowed]).toEqual([true, false]);
    expect(failures).toHaveLength(2);
    const [bucket] = await t.ctx.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
    expect(bucket?.hits).toBe(2);
    away.disconnect();
  });

  it('hold the sign-in limits of an app started with REDIS_URL, and leave the database table alone', async () => {
    const user = await createUser(t.ctx.db);
    const agent = t.agent();
    await agent.visit();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await agent.post('/login', { email: user.email, password: 'wrong-password' })).statusCode,
      );
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    expect(await redis.get(`emporium:rate:login:account:${user.email}`)).toBe('6');
    const inDatabase = await t.ctx.db
      .select()
      .from(rateLimitBuckets)
      .where(like(rateLimitBuckets.key, `login:account:${user.email}`));
    expect(inDatabase).toEqual([]);
    await redis.del(`emporium:rate:login:account:${user.email}`);
    const right = await agent.post('/login', { email: user.email, password: TEST_PASSWORD });
    expect(right.statusCode).toBe(200);
    // A success clears the account's count.
    expect(await redis.exists(`emporium:rate:login:account:${user.email}`)).toBe(0);
  });
});
