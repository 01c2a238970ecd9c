import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_LEASE_MS } from '../../server/platform/jobs/job-queue';
import { jobs } from '../../server/platform/jobs/jobs.tables';
import { setSettings } from '../../server/platform/settings/settings-store';
import { createProduct } from '../factories';
import { all, type Client, type Cluster, startCluster } from './processes';
import { checkoutForm, type PickupPlace, pickupPlace } from './shop';

/**
 * kill -9 of one of the two processes in the middle of a burst of checkouts, order payments and
 * stock updates, at several moments, then a restart: whatever the database kept must be whole
 * (issue 18, docs/decisions/0076). Each use case owns one transaction, so a request cut short
 * leaves nothing, and the invariants below hold on every row.
 */
let c: Cluster;
let place: PickupPlace;
let admin: Client;
let firstOrderId = 0;

beforeAll(async () => {
  c = await startCluster([4602, 4603]);
  await setSettings(c.db, { stock_management_enabled: true, stock_deduction_timing: 'on_order' });
  place = await pickupPlace(c.db);
  admin = await c.signIn('admin@demo.test');
  firstOrderId = await scalar(sql`select coalesce(max(id), 0) + 1 as value from orders`);
}, 180_000);
afterAll(() => c?.close(), 60_000);

async function scalar(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await c.db.execute(query)) as unknown as { rows: { value: string | number }[] };
  return Number(result.rows[0]!.value);
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await c.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Runs `workers` loops of `step` until stopped; a request to the killed process fails and the loop goes on. */
function burst(workers: number, step: (worker: number, n: number) => Promise<unknown>) {
  let stopped = false;
  let attempts = 0;
  let failures = 0;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let n = 0; !stopped; n++) {
      attempts++;
      try {
        await step(worker, n);
      } catch {
        failures++;
      }
    }
  });
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return { attempts, failures };
    },
  };
}

const INITIAL = 100_000;

describe('kill -9 during checkouts, payments and stock updates (issue 18)', () => {
  it('keeps every order whole, stock equal to its movements and payments equal to amounts paid', async () => {
    const sold = await createProduct(c.db, { name: 'Crash lamp', stockQuantity: INITIAL, price: '12.34' });
    const counted = await createProduct(c.db, { name: 'Crash shelf', stockQuantity: INITIAL });
    // Orders to pay: placed before the bursts, by guests over HTTP.
    const payers = await all(10, () => c.guest());
    const toPay: number[] = [];
    for (const [i, payer] of payers.entries()) {
      await payer.post('/cart/add', { product_id: sold.id, quantity: 2 });
      const placed = await payer.post('/checkout', checkoutForm(place, i));
      expect(placed.status, placed.body).toBe(201);
      toPay.push(
        await scalar(sql`select id as value from orders where order_code = ${placed.json.order_code}`),
      );
    }
    const buyers = await all(20, () => c.guest());

    const outcomes: Record<string, { attempts: number; failures: number }> = {};
    for (const [round, delay] of [50, 200, 500].entries()) {
      const victim = round % 2 === 0 ? c.a : c.b;
      const checkouts = burst(buyers.length, async (i) => {
        const buyer = buyers[i]!;
        await buyer.post('/cart/add', { product_id: sold.id, quantity: 1 + (i % 3) });
        await buyer.post('/checkout', checkoutForm(place, i));
      });
      const payments = burst(5, (i, n) =>
        admin.post(`/admin/orders/${toPay[(i + n) % toPay.length]}/add-payment`, {
          payment_type: 'cod',
          amount: '0.01',
          payment_date: '2026-01-15',
        }),
      );
      const updates = burst(5, (i, n) =>
        admin.post('/api/stock-update/update-stock', {
          product_id: counted.id,
          new_quantity: INITIAL - ((i * 7 + n) % 50),
          notes: `count ${round}.${i}.${n}`,
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      await victim.kill9();
      // The other process goes on alone for a moment, then the victim comes back.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const results = await Promise.all([checkouts.stop(), payments.stop(), updates.stop()]);
      outcomes[`${delay} ms`] = {
        attempts: results.reduce((s, r) => s + r.attempts, 0),
        failures: results.reduce((s, r) => s + r.failures, 0),
      };
      await victim.start();
    }
    console.info('crash bursts (requests, cut by the kill):', JSON.stringify(outcomes));

    // No order without its items, and no partial order: its totals are the sum of its items.
    const broken = await rows<{ id: number }>(sql`
      select o.id from orders o
      where o.id >= ${firstOrderId}
        and (not exists (select 1 from order_items i where i.order_id = o.id)
          or o.items_total <> (select sum(i.line_total) from order_items i where i.order_id = o.id)
          or o.grand_total <> o.items_total + o.shipping_cost - o.discount_total)`);
    expect(broken).toEqual([]);
    expect(
      await scalar(sql`select count(*) as value from orders where id >= ${firstOrderId}`),
    ).toBeGreaterThan(10);

    // Every order's amount paid is the sum of its completed payments.
    const unpaid = await rows<{ id: number }>(sql`
      select o.id from orders o
      where o.amount_paid <> coalesce((select sum(p.amount) from order_payments p
        where p.order_id = o.id and p.status = 'completed'), 0)`);
    expect(unpaid).toEqual([]);

    // Stock on hand is the starting quantity plus its movements, which chain one after the other.
    for (const product of [sold, counted]) {
      const onHand = await scalar(sql`select stock_quantity as value from products where id = ${product.id}`);
      const moved = await scalar(
        sql`select coalesce(sum(quantity_changed), 0) as value from stock_movements where product_id = ${product.id}`,
      );
      expect(onHand, product.name).toBe(INITIAL + moved);
      const gaps = await rows<{ id: number }>(sql`
        select id from (
          select id, quantity_before, lag(quantity_after) over (order by id) as previous
          from stock_movements where product_id = ${product.id}) m
        where previous is not null and previous <> quantity_before`);
      expect(gaps, product.name).toEqual([]);
    }
    const soldUnits = await scalar(
      sql`select coalesce(sum(quantity), 0) as value from order_items where product_id = ${sold.id}`,
    );
    expect(await scalar(sql`select stock_quantity as value from products where id = ${sold.id}`)).toBe(
      INITIAL - soldUnits,
    );

    // No job is held forever: a job the killed process held running has a lock that runs out.
    const held = await c.db.select().from(jobs).where(eq(jobs.status, 'running'));
    for (const job of held) {
      expect(job.lockedUntil, `job ${job.id}`).not.toBeNull();
      expect(job.lockedUntil!.getTime() - Date.now(), `job ${job.id}`).toBeLessThanOrEqual(JOB_LEASE_MS);
    }
    expect(c.serverErrors).toEqual([]);
  }, 600_000);
});
