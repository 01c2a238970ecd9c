import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { readWorkbook } from '../../../test/xlsx';

/**
 * The orders export reads batch after batch, each starting after the previous batch's last row
 * (keyset paging, issue 18): over more than two batches and with many equal sort values, it holds
 * exactly the rows of the list, in the list's order, for every sort and with a filter.
 */
let t: TestApp;
let staff: Agent;
const ORDERS = 1_203;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signedIn(['staff']);
  // Few distinct totals, customers, statuses and instants: most rows tie on the sort key.
  await t.ctx.db.execute(sql`
    insert into orders (order_code, customer_first_name, customer_last_name, customer_email, grand_total,
                        amount_paid, payment_status, delivery_status, currency_code, currency_symbol, created_at)
    select 'EXP-' || lpad(g::text, 5, '0'), 'Ada', 'Buyer ' || (g % 7), 'b' || g || '@example.test',
           (g % 5) * 10 + 0.5, 0, (array['unpaid', 'paid', 'partial'])[1 + g % 3],
           (array['pending', 'shipped', 'delivered'])[1 + g % 3], 'MUR', 'Rs ',
           timestamptz '2026-11-01 08:00:00+00' + (g % 4) * interval '1 day'
    from generate_series(1, ${ORDERS}) g`);
});
afterAll(() => t.close());

/** Every order id of the list, page after page, in its order. */
async function listIds(query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const response = await staff.get(`/admin/orders?${query}&per_page=100&page=${page}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: { id: number }[]; last_page: number };
    ids.push(...body.data.map((o) => o.id));
    if (page >= body.last_page) return ids;
  }
}

async function exportIds(query: string): Promise<number[]> {
  const response = await staff.get(`/admin/orders/export?${query}`);
  expect(response.statusCode).toBe(200);
  return (await readWorkbook(response)).slice(1).map((row) => Number(row[0]));
}

describe('GET /admin/orders/export over several batches', () => {
  it.each([
    'sort=created_at&direction=desc',
    'sort=grand_total&direction=desc',
    'sort=grand_total&direction=asc',
    'sort=customer&direction=asc',
    'sort=order_code&direction=desc',
    'sort=payment_status&direction=asc',
    'sort=created_at&direction=asc&payment_status=paid',
  ])('holds the list’s rows in its order: %s', async (query) => {
    const listed = await listIds(query);
    expect(listed.length).toBeGreaterThan(query.includes('payment_status=paid') ? 400 : 1_000);
    expect(await exportIds(query)).toEqual(listed);
  });
});
