import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListReply, ProductReply } from '../contracts/catalogue';
import type {
  NotesHistoryReply,
  StockHistoryReply,
  StockOverviewReply,
  StockSheetReply,
  StoreLocationReply,
} from '../contracts/stock';
import { sandboxSmsCode } from '../test/sms-sandbox';
import { type Agent, createTestApp, type TestApp } from '../test/test-app';
import { DEMO_PRODUCTS } from './modules/catalogue/demo-catalogue-data';
import { orderPayments, orders } from './modules/orders/orders.tables';
import { seedDemo } from './seed-demo';

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
  admin = t.agent();
  expect((await admin.signIn('admin@demo.test', t.ctx.config.demoPassword)).statusCode).toBe(200);
}, 120_000);
afterAll(() => t.close());

async function allProducts(): Promise<ProductListReply['data']> {
  const reply = await admin.get('/admin/products?per_page=100');
  expect(reply.statusCode).toBe(200);
  return (reply.json() as ProductListReply).data;
}

describe('the demo catalogue (npm start)', () => {
  it('holds every demo product, each with a picture and a SKU', async () => {
    const listed = await allProducts();
    expect(listed.length).toBe(DEMO_PRODUCTS.length);
    expect(listed.length).toBeGreaterThanOrEqual(40);
    for (const product of listed) {
      expect(product.thumbnail_url, product.name).toMatch(/^\/uploads\//);
      expect(product.sku, product.name).toBeTruthy();
    }
  });

  it('has variable products with colours and attribute values, rentals and dated discounts', async () => {
    const listed = await allProducts();
    const details = await Promise.all(
      listed.map(async (p) => (await admin.get(`/api/products/${p.id}`)).json() as ProductReply),
    );
    const variable = details.filter((p) => p.is_variable_product);
    expect(variable.length).toBe(DEMO_PRODUCTS.filter((p) => p.variants).length);
    for (const product of variable) {
      expect(product.variations.length).toBeGreaterThan(1);
      for (const variation of product.variations) {
        expect(variation.colors.length, variation.variant).toBe(1);
        expect(variation.attribute_data.length, variation.variant).toBe(1);
      }
    }
    const rentals = details.filter((p) => p.is_rental_product);
    expect(rentals.length).toBe(DEMO_PRODUCTS.filter((p) => p.rental).length);
    expect(rentals.every((p) => p.rental_price !== null && p.unit_rental_label)).toBe(true);
    const dated = details.filter((p) => p.has_discount && (p.discount_start_date || p.discount_end_date));
    expect(dated.length).toBeGreaterThan(3);
    const vatTypes = new Set(details.map((p) => p.vat_info?.type));
    expect([...vatTypes].sort()).toEqual(['exempt', 'fixed', 'percentage', 'zero']);
  });

  it('has a global and a role-based discount rule', async () => {
    const rules = (await admin.get('/api/discounts?per_page=50')).json() as { data: { type: string }[] };
    const types = rules.data.map((r) => r.type);
    expect(types).toContain('global');
    expect(types).toContain('role_based');
  });

  it('has two store locations holding the stock, low and out-of-stock items, movements and notes', async () => {
    const locations = (await admin.get('/api/store-locations')).json().data as StoreLocationReply[];
    expect(locations.map((l) => l.name).sort()).toEqual(['Main shop', 'Warehouse']);
    const overview = ((await admin.get('/api/stock-sheet/overview')).json() as StockOverviewReply).data;
    expect(overview.total_products).toBe(DEMO_PRODUCTS.length);
    expect(overview.low_stock_count).toBeGreaterThan(0);
    expect(overview.out_of_stock_count).toBeGreaterThan(0);
    expect(overview.recent_movements.length).toBe(10);

    const rows: StockSheetReply['data'] = [];
    for (let page = 1; ; page++) {
      const reply = (await admin.get(`/api/stock-sheet?per_page=100&page=${page}`)).json() as StockSheetReply;
      rows.push(...reply.data);
      if (page >= reply.pagination.last_page) break;
    }
    const items = rows.filter((r) => !r.is_variable || !r.is_main_row);
    // Every unit is at a location: none is left at "no location".
    expect(items.every((r) => r.unplaced_quantity === 0)).toBe(true);
    for (const location of locations) {
      expect(
        items.some((r) => r.location_breakdown.some((b) => b.location_id === location.id && b.quantity > 0)),
      ).toBe(true);
    }
    const placed = items.flatMap((r) => r.location_breakdown).reduce((sum, b) => sum + b.quantity, 0);
    expect(placed).toBe(overview.total_stock_quantity);

    const noted = rows.find((r) => r.is_main_row)!;
    const product = noted.product_id;
    const history = (await admin.get(`/api/stock-history/${product}`)).json() as StockHistoryReply;
    expect(history.data.length).toBeGreaterThan(0);
    const reasons = new Set<string>();
    for (const row of rows.filter((r) => r.is_main_row).slice(0, 40)) {
      const h = (await admin.get(`/api/stock-history/${row.product_id}`)).json() as StockHistoryReply;
      for (const m of h.data) reasons.add(m.reason);
    }
    expect([...reasons]).toEqual(expect.arrayContaining(['initial_stock', 'transfer_in', 'damaged_goods']));
    const notes = await Promise.all(
      rows
        .filter((r) => r.is_main_row)
        .map(
          async (r) =>
            ((await admin.get(`/api/stock-notes-history/${r.product_id}`)).json() as NotesHistoryReply).data,
        ),
    );
    expect(notes.flat().length).toBe(3);
  });

  it('runs once: a second start leaves the catalogue as the shop made it', async () => {
    const before = (await allProducts()).length;
    const movements = ((await admin.get('/api/stock-sheet/overview')).json() as StockOverviewReply).data;
    await seedDemo(t.ctx);
    expect((await allProducts()).length).toBe(before);
    expect(((await admin.get('/api/stock-sheet/overview')).json() as StockOverviewReply).data).toEqual(
      movements,
    );
    expect(((await admin.get('/api/store-locations')).json().data as unknown[]).length).toBe(2);
    const rules = (await admin.get('/api/discounts?per_page=50')).json() as { data: unknown[] };
    await seedDemo(t.ctx);
    expect(((await admin.get('/api/discounts?per_page=50')).json() as { data: unknown[] }).data.length).toBe(
      rules.data.length,
    );
  });
});

describe('demo orders', () => {
  it('has orders in every delivery and payment state, with payments, documents and sent links', async () => {
    const reply = await admin.get('/admin/orders?per_page=100', { 'x-requested-with': 'XMLHttpRequest' });
    expect(reply.statusCode).toBe(200);
    const rows = (reply.json() as { data: { id: number; delivery_status: string; payment_status: string }[] })
      .data;
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const delivery = new Set(rows.map((r) => r.delivery_status));
    for (const s of [
      'pending',
      'confirmed',
      'processing',
      'ready',
      'in_transit',
      'delivered',
      'failed',
      'cancelled',
    ])
      expect(delivery).toContain(s);
    const payment = new Set(rows.map((r) => r.payment_status));
    for (const s of ['unpaid', 'partial', 'paid']) expect(payment).toContain(s);

    let documents = 0;
    let activeLinks = 0;
    for (const row of rows) {
      const docs = await admin.get(`/admin/orders/${row.id}/documents`);
      documents += (docs.json() as { documents: unknown[] }).documents.length;
      const link = await admin.get(`/admin/orders/${row.id}/customer-link-status`);
      if ((link.json() as { data: { status: string } }).data.status === 'active') activeLinks += 1;
    }
    expect(documents).toBeGreaterThanOrEqual(5);
    expect(activeLinks).toBeGreaterThanOrEqual(2);
  });

  it('spreads the orders and payments over the 60 days before the seeding day (issue 17)', async () => {
    const day = 86_400_000;
    const seeded = t.ctx.now().getTime();
    const placed = await t.ctx.db
      .select({ id: orders.id, at: orders.createdAt, code: orders.orderCode })
      .from(orders);
    const ages = placed.map((o) => Math.floor((seeded - o.at.getTime()) / day));
    expect(Math.min(...ages)).toBe(0); // today has sales
    expect(Math.max(...ages)).toBeLessThan(60);
    expect(Math.max(...ages)).toBeGreaterThan(30); // beyond "last 30 days"
    expect(new Set(ages).size).toBeGreaterThanOrEqual(8);
    // The order code carries the day the order was taken (docs/decisions/0030).
    for (const o of placed)
      expect(o.code.slice(4, 10)).toBe(o.at.toISOString().slice(2, 10).replaceAll('-', ''));
    // No payment comes before its order, nor after the seeding day.
    const payments = await t.ctx.db
      .select({ date: orderPayments.paymentDate, created: orderPayments.createdAt, placed: orders.createdAt })
      .from(orderPayments)
      .innerJoin(orders, eq(orders.id, orderPayments.orderId));
    expect(payments.length).toBeGreaterThanOrEqual(5);
    for (const p of payments) {
      expect(p.date >= p.placed.toISOString().slice(0, 10)).toBe(true);
      expect(p.created.getTime()).toBeLessThanOrEqual(seeded);
      expect(p.created.toISOString().slice(0, 10)).toBe(p.date);
    }
  });
});

describe('the demo sign-in (npm start)', () => {
  it('signs the demo partner in by SMS code through the sandbox, then switches to the partner role', async () => {
    const agent = t.agent();
    await agent.visit('/login');
    const page = await agent.visit('/login');
    expect(page.body).toContain('"sms_enabled":true');
    const sent = await agent.post('/sms-otp/send', { mobile: '+230 5750 0003' });
    expect(sent.statusCode).toBe(200);
    await t.runDueJobs();
    const logs = await admin.get('/api/sms-configuration/logs?message_type=otp');
    const message = (logs.json() as { data: { phone: string; message: string }[] }).data.find(
      (row) => row.phone === '+23057500003',
    )?.message;
    // The admin's log shows the code masked; the SMS itself (the sandbox's file) carries it.
    expect(message).toContain('••••••');
    const code = await sandboxSmsCode(t.dataDir, '+23057500003');
    const signed = await agent.post('/sms-otp/verify', {
      otp_code: code,
      session_id: sent.json().data.session_id,
    });
    expect(signed.json()).toMatchObject({ redirect_url: '/customer/dashboard', active_role: 'customer' });
    agent.csrfToken = signed.json().csrf_token;
    expect((await agent.get('/api/user/roles')).json().roles).toEqual(['customer', 'partner']);
    const switched = await agent.post('/api/user/roles/switch', { role: 'partner' });
    expect(switched.json().data.dashboard_url).toBe('/partner/dashboard');
  });
});
