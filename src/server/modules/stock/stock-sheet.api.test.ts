import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STOCK_MESSAGES as M,
  type NotesHistoryReply,
  type StockHistoryReply,
  type StockOverviewReply,
  type StockRowReply,
  type StockSheetFilters,
  type StockSheetReply,
} from '../../../contracts/stock';
import { createProduct, createUser } from '../../../test/factories';
import { loggedDb } from '../../../test/logged-db';
import { withoutTotal } from '../../../test/rows';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { readWorkbook } from '../../../test/xlsx';
import { setSettings } from '../../platform/settings/settings-store';
import { products } from '../catalogue';
import { stockMovements, storeLocations } from './stock.tables';
import { stockSheetPage } from './stock-sheet.queries';

let t: TestApp;
let admin: Agent & { user: { id: number; email: string } };
let staff: Agent & { user: { id: number; email: string } };
let customer: Agent;
let tag = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin'], { firstName: 'Ada', lastName: 'Admin' });
  staff = await t.signedIn(['staff'], { firstName: 'Sam', lastName: 'Staff' });
  customer = await t.signedIn(['customer']);
});
afterAll(() => t.close());

/** A word only one test uses, so its products can be searched for alone (the database is shared by the file). */
const word = () => `w${Date.now().toString(36)}x${++tag}`;

async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit();
  return agent;
}

async function sheet(query: string, agent: Agent = admin): Promise<StockSheetReply> {
  const response = await agent.get(`/api/stock-sheet?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const brief = (rows: StockRowReply[]) =>
  rows.map((r) => [r.name, r.is_main_row, r.current_stock, r.status] as const);

/** A simple product and a variable one (variants holding 0, 10 and 2), named with the word. */
async function shopOf(w: string, supplierId: number | null = null) {
  const simple = await createProduct(t.ctx.db, {
    name: `${w} Candle`,
    sku: `${w}-C`,
    stockQuantity: 3,
    lowStockThreshold: 5,
    supplierId,
  });
  const variable = await createProduct(t.ctx.db, {
    name: `${w} Shirt`,
    stockQuantity: 12,
    lowStockThreshold: 4,
    supplierId,
    variants: [
      { variant: 'Red / S', sku: `${w}-RS`, qty: 0 },
      { variant: 'Red / M', sku: `${w}-RM`, qty: 10 },
      { variant: 'Red / L', sku: `${w}-RL`, qty: 2 },
    ],
  });
  return { simple, variable };
}

async function updateStock(body: Record<string, unknown>, agent: Agent = admin) {
  const response = await agent.post('/api/stock-update/update-stock', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function location(name: string) {
  const [row] = await t.ctx.db.insert(storeLocations).values({ name }).returning();
  return row!;
}

describe('who may read the stock sheet and histories', () => {
  const urls = [
    '/api/stock-sheet/overview',
    '/api/stock-sheet',
    '/admin/stock-sheet/export',
    '/api/stock-history/1',
    '/api/stock-history/1/variant/1',
    '/admin/stock/stock-history/1/export',
    '/admin/stock/stock-history/1/export/1',
    '/api/stock-notes-history/1',
    '/api/stock-notes-history/1/variant/1',
    '/admin/stock/notes-history/1/export',
    '/admin/stock/notes-history/1/export/1',
  ];
  it.each(urls)('GET %s: 401 signed out, 403 for a customer', async (url) => {
    expect((await (await guest()).get(url)).statusCode).toBe(401);
    expect((await customer.get(url)).statusCode).toBe(403);
  });

  it('staff (stock.manage) may read the sheet', async () => {
    expect((await staff.get('/api/stock-sheet')).statusCode).toBe(200);
  });
});

describe('GET /api/stock-sheet', () => {
  it('answers a main row per product and a row per variant, with statuses and the variant count', async () => {
    const w = word();
    const { simple, variable } = await shopOf(w);
    const reply = await sheet(`search=${w}`);
    expect(reply.success).toBe(true);
    expect(brief(reply.data)).toEqual([
      [`${w} Candle`, true, 3, 'low_stock'],
      [`${w} Shirt`, true, 12, 'in_stock'],
      ['Red / S', false, 0, 'out_of_stock'],
      ['Red / M', false, 10, 'in_stock'],
      ['Red / L', false, 2, 'low_stock'],
    ]);
    expect(reply.data[0]).toMatchObject({
      product_id: simple.id,
      variant_id: null,
      sku: `${w}-C`,
      is_variable: false,
      variant_count: 0,
      location_breakdown: [],
      unplaced_quantity: 3,
    });
    expect(reply.data[1]).toMatchObject({ product_id: variable.id, is_variable: true, variant_count: 3 });
    expect(reply.pagination).toEqual({
      current_page: 1,
      last_page: 1,
      per_page: 15,
      total: 2,
      from: 1,
      to: 2,
    });
  });

  it('finds a product by a variant SKU', async () => {
    const w = word();
    await shopOf(w);
    const reply = await sheet(`search=${w}-RM`);
    expect(reply.data.filter((r) => r.is_main_row).map((r) => r.name)).toEqual([`${w} Shirt`]);
  });

  it('keeps the products with an item in the filtered state, and only those variants', async () => {
    const w = word();
    await shopOf(w);
    expect(brief((await sheet(`search=${w}&stock_filter=out_of_stock`)).data)).toEqual([
      [`${w} Shirt`, true, 12, 'in_stock'],
      ['Red / S', false, 0, 'out_of_stock'],
    ]);
    expect(brief((await sheet(`search=${w}&stock_filter=low_stock`)).data)).toEqual([
      [`${w} Candle`, true, 3, 'low_stock'],
      [`${w} Shirt`, true, 12, 'in_stock'],
      ['Red / L', false, 2, 'low_stock'],
    ]);
  });

  it('filters by supplier', async () => {
    const w = word();
    const supplier = await createUser(t.ctx.db, { roles: ['supplier'], companyName: `${w} Supplies` });
    await shopOf(w, supplier.id);
    await shopOf(`${w}z`);
    const reply = await sheet(`search=${w}&supplier=${supplier.id}`);
    expect(reply.data.filter((r) => r.is_main_row).map((r) => [r.name, r.supplier, r.supplier_id])).toEqual([
      [`${w} Candle`, `${w} Supplies`, supplier.id],
      [`${w} Shirt`, `${w} Supplies`, supplier.id],
    ]);
  });

  it('with a store location: the items stocked there, counting what it holds; the breakdown on every row', async () => {
    const w = word();
    const { simple, variable } = await shopOf(w);
    const shop = await location(`${w} Shop`);
    const depot = await location(`${w} Depot`);
    const variants = (await sheet(`search=${w}`)).data.filter((r) => !r.is_main_row);
    const m = variants.find((r) => r.name === 'Red / M')!;
    await updateStock({
      product_id: variable.id,
      variant_id: m.variant_id,
      store_location_id: shop.id,
      new_quantity: 4,
    });
    await updateStock({
      product_id: variable.id,
      variant_id: m.variant_id,
      store_location_id: depot.id,
      new_quantity: 1,
    });
    await updateStock({ product_id: simple.id, store_location_id: depot.id, new_quantity: 2 });
    try {
      const all = await sheet(`search=${w}`);
      const mRow = all.data.find((r) => r.variant_id === m.variant_id)!;
      expect(mRow.current_stock).toBe(15);
      expect(mRow.location_breakdown).toEqual([
        { location_id: depot.id, location_name: `${w} Depot`, quantity: 1 },
        { location_id: shop.id, location_name: `${w} Shop`, quantity: 4 },
      ]);
      expect(mRow.unplaced_quantity).toBe(10);
      const main = all.data.find((r) => r.product_id === variable.id && r.is_main_row)!;
      expect(main.location_breakdown).toEqual(mRow.location_breakdown);

      expect(brief((await sheet(`search=${w}&store_location=${shop.id}`)).data)).toEqual([
        // The product's threshold is 4: low at or below it.
        [`${w} Shirt`, true, 4, 'low_stock'],
        ['Red / M', false, 4, 'low_stock'],
      ]);
      expect(brief((await sheet(`search=${w}&store_location=${depot.id}`)).data)).toEqual([
        [`${w} Candle`, true, 2, 'low_stock'],
        [`${w} Shirt`, true, 1, 'low_stock'],
        ['Red / M', false, 1, 'low_stock'],
      ]);

      // A state at a location alone: the products listed there in that state, and their count.
      const lowAtDepot = await sheet(`store_location=${depot.id}&stock_filter=low_stock`);
      expect(brief(lowAtDepot.data)).toEqual([
        [`${w} Candle`, true, 2, 'low_stock'],
        [`${w} Shirt`, true, 1, 'low_stock'],
        ['Red / M', false, 1, 'low_stock'],
      ]);
      expect(lowAtDepot.pagination.total).toBe(2);
      // A later page is read by other statements than the first, with the same count.
      const pastTheEnd = await sheet(`store_location=${depot.id}&stock_filter=low_stock&page=2`);
      expect(pastTheEnd.data).toEqual([]);
      expect(pastTheEnd.pagination).toMatchObject({ current_page: 2, total: 2 });
      expect((await sheet(`store_location=${depot.id}&stock_filter=out_of_stock`)).pagination.total).toBe(0);
      // The state follows the quantity, and the product's threshold when it changes.
      await updateStock({ product_id: simple.id, store_location_id: depot.id, new_quantity: 0 });
      await t.ctx.db.update(products).set({ lowStockThreshold: 0 }).where(eq(products.id, variable.id));
      const outAtDepot = await sheet(`store_location=${depot.id}&stock_filter=out_of_stock`);
      expect(brief(outAtDepot.data)).toEqual([[`${w} Candle`, true, 0, 'out_of_stock']]);
      expect(outAtDepot.pagination.total).toBe(1);
      const lowNow = await sheet(`store_location=${depot.id}&stock_filter=low_stock`);
      expect(lowNow.data).toEqual([]);
      expect(lowNow.pagination.total).toBe(0);
      expect(brief((await sheet(`store_location=${depot.id}`)).data)).toEqual([
        [`${w} Candle`, true, 0, 'out_of_stock'],
        [`${w} Shirt`, true, 1, 'in_stock'],
        ['Red / M', false, 1, 'in_stock'],
      ]);
      // A deleted product is off the sheet at every location.
      await t.ctx.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, simple.id));
      expect((await sheet(`store_location=${depot.id}&stock_filter=out_of_stock`)).pagination.total).toBe(0);
      expect((await sheet(`store_location=${depot.id}`)).pagination.total).toBe(1);
    } finally {
      // Other tests update stock without a location: that needs no active location to exist.
      await t.ctx.db.update(storeLocations).set({ isActive: false }).where(eq(storeLocations.id, shop.id));
      await t.ctx.db.update(storeLocations).set({ isActive: false }).where(eq(storeLocations.id, depot.id));
    }
  });

  it('pages by product, with the spec page sizes only', async () => {
    const w = word();
    for (let i = 0; i < 16; i++)
      await createProduct(t.ctx.db, { name: `${w} Item ${String(i).padStart(2, '0')}` });
    const first = await sheet(`search=${w}`);
    expect(first.data).toHaveLength(15);
    expect(first.pagination).toMatchObject({ current_page: 1, last_page: 2, per_page: 15, total: 16 });
    const second = await sheet(`search=${w}&page=2`);
    expect(second.data.map((r) => r.name)).toEqual([`${w} Item 15`]);
    expect((await sheet(`search=${w}&per_page=25`)).data).toHaveLength(16);
    const refused = await admin.get('/api/stock-sheet?per_page=7');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.per_page).toEqual(['Choose 15, 25, 50, 100 per page.']);
    expect((await admin.get('/api/stock-sheet?stock_filter=some')).statusCode).toBe(422);
    expect((await admin.get('/api/stock-sheet?supplier=abc')).statusCode).toBe(422);
  });

  it('reads a page in two statements with its details, the whole sheet with its kept count', async () => {
    const w = word();
    const { variable } = await shopOf(w);
    const shop = await location(`${w} Shop`);
    try {
      await updateStock({
        product_id: variable.id,
        variant_id: variable.variants[1]!.id,
        store_location_id: shop.id,
        new_quantity: 4,
      });
    } finally {
      // Other tests update stock without a location: that needs no active location to exist.
      await t.ctx.db.update(storeLocations).set({ isActive: false }).where(eq(storeLocations.id, shop.id));
    }
    const read = async (filters: Partial<StockSheetFilters>, page: number) => {
      const { db, sent } = loggedDb(t.database);
      const result = await stockSheetPage(
        db,
        { stock_filter: 'all', ...filters } as StockSheetFilters,
        page,
        15,
      );
      return { result, statements: sent.length };
    };

    // The page's ids, then those rows with their details.
    const found = await read({ search: w }, 1);
    expect(found.statements).toBe(2);
    const shirt = found.result.data.find((p) => p.id === variable.id)!;
    expect(shirt.variants.map((v) => [v.variant, v.qty])).toEqual([
      ['Red / S', 0],
      ['Red / M', 14],
      ['Red / L', 2],
    ]);
    expect(shirt.variantCount).toBe(3);
    expect(shirt.placements).toEqual([
      { variantId: variable.variants[1]!.id, locationId: shop.id, locationName: `${w} Shop`, quantity: 4 },
    ]);

    // A searched page that is full counts its matches in its ids statement, not in a third.
    for (let i = 0; i < 15; i++) await createProduct(t.ctx.db, { name: `${w} Mug ${i}` });
    const searched = await read({ search: w }, 1);
    expect(searched.result.data).toHaveLength(15);
    expect(searched.result.total).toBe(17);
    expect(searched.statements).toBe(2);
    const second = await read({ search: w }, 2);
    // By name: Candle, Mug 0, Mug 1, Mug 10 … Mug 14, Mug 2 … Mug 9, Shirt.
    expect(second.result.data.map((p) => p.name)).toEqual([`${w} Mug 9`, `${w} Shirt`]);
    expect(second.result.total).toBe(17);

    const [{ kept }] = (
      (await t.ctx.db.execute(
        sql`select cast(count(*) as integer) as kept from products where deleted_at is null`,
      )) as unknown as { rows: { kept: number }[] }
    ).rows as [{ kept: number }];
    // The whole sheet's first page is one statement with its details and the kept count
    // (decision 0099); a later page is two, and goes on where the first stopped.
    const whole = await read({}, 1);
    expect(whole.statements).toBe(1);
    expect(whole.result.data).toHaveLength(15);
    expect(whole.result.total).toBe(kept);
    const next = await read({}, 2);
    expect(next.statements).toBe(2);
    expect(next.result.total).toBe(kept);
    const both = (await stockSheetPage(t.ctx.db, { stock_filter: 'all' } as StockSheetFilters, 1, 30)).data;
    expect([...whole.result.data, ...next.result.data].map(withoutTotal)).toEqual(
      both.slice(0, 15 + next.result.data.length).map(withoutTotal),
    );
    // Past the last page there is no row to carry the count: it is read on its own.
    const beyond = await read({}, 100_000);
    expect(beyond.result.data).toEqual([]);
    expect(beyond.result.total).toBe(kept);
    expect(beyond.statements).toBe(2);
    expect((await sheet('')).pagination.total).toBe(kept);
  });

  it('answers the spec message while stock management is off', async () => {
    await setSettings(t.ctx.db, { stock_management_enabled: false });
    try {
      for (const url of ['/api/stock-sheet', '/api/stock-sheet/overview', '/admin/stock-sheet/export']) {
        const response = await admin.get(url);
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(M.disabled);
      }
    } finally {
      await setSettings(t.ctx.db, { stock_management_enabled: true });
    }
  });
});

describe('GET /api/stock-sheet/overview', () => {
  it('counts items, out of stock, low stock and units, and lists recent movements', async () => {
    const before = ((await admin.get('/api/stock-sheet/overview')).json() as StockOverviewReply).data;
    const w = word();
    const { simple } = await shopOf(w);
    await updateStock({ product_id: simple.id, new_quantity: 0, notes: 'Counted' });
    const after = ((await admin.get('/api/stock-sheet/overview')).json() as StockOverviewReply).data;
    // The simple product (now 0) and three variants (0, 10, 2).
    expect(after.total_products - before.total_products).toBe(2);
    expect(after.total_stock_items - before.total_stock_items).toBe(4);
    expect(after.out_of_stock_count - before.out_of_stock_count).toBe(2);
    expect(after.low_stock_count - before.low_stock_count).toBe(1);
    expect(after.total_stock_quantity - before.total_stock_quantity).toBe(12);
    expect(after.recent_movements[0]).toMatchObject({
      product_id: simple.id,
      product_name: `${w} Candle`,
      movement_type: 'decrease',
      reason: 'manual_update',
      quantity_before: 3,
      quantity_after: 0,
      quantity_changed: -3,
      user: 'Ada Admin',
      notes: 'Counted',
      order: null,
    });
    expect(after.recent_movements.length).toBeLessThanOrEqual(10);
  });
});

describe('GET /admin/stock-sheet/export', () => {
  it('downloads the filtered sheet as Excel, a column per location', async () => {
    const w = word();
    await shopOf(w);
    const response = await admin.get(
      `/admin/stock-sheet/export?search=${w}&stock_filter=low_stock&format=excel`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="stock_sheet_.*\.xlsx"$/);
    const rows = await readWorkbook(response);
    expect(rows[0]!.slice(0, 8)).toEqual([
      'Product ID',
      'Product',
      'Variant',
      'SKU',
      'Supplier',
      'Current stock',
      'Status',
      'Low-stock threshold',
    ]);
    expect(rows[0]!.at(-1)).toBe('No location');
    expect(rows.slice(1).map((r) => [r[1], r[2] ?? null, r[5], r[6]])).toEqual([
      [`${w} Candle`, null, 3, 'Low stock'],
      [`${w} Shirt`, null, 12, 'In stock'],
      [`${w} Shirt`, 'Red / L', 2, 'Low stock'],
    ]);
    expect((await admin.get('/admin/stock-sheet/export?format=pdf')).statusCode).toBe(422);
  });
});

describe('stock history', () => {
  async function history(url: string, agent: Agent = admin): Promise<StockHistoryReply> {
    const response = await agent.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('lists a product’s movements newest first, with filters, for the product or one variant', async () => {
    const w = word();
    const { variable } = await shopOf(w);
    const variants = (await sheet(`search=${w}`)).data.filter((r) => !r.is_main_row);
    const [s, m] = [variants[0]!, variants[1]!];
    await updateStock({ product_id: variable.id, variant_id: s.variant_id, new_quantity: 5 });
    await updateStock(
      { product_id: variable.id, variant_id: m.variant_id, new_quantity: 7, reason: 'damaged_goods' },
      staff,
    );
    await updateStock({ product_id: variable.id, variant_id: m.variant_id, new_quantity: 9 });
    // A count that confirms the stock writes no history (issue 11).
    await updateStock({ product_id: variable.id, variant_id: m.variant_id, new_quantity: 9 });

    const all = await history(`/api/stock-history/${variable.id}`);
    expect(all.item).toMatchObject({ product_id: variable.id, variant_id: null, product_name: `${w} Shirt` });
    expect(
      all.data.map((d) => [d.variant_name, d.movement_type, d.reason, d.quantity_changed, d.user]),
    ).toEqual([
      ['Red / M', 'increase', 'manual_update', 2, 'Ada Admin'],
      ['Red / M', 'decrease', 'damaged_goods', -3, 'Sam Staff'],
      ['Red / S', 'increase', 'manual_update', 5, 'Ada Admin'],
    ]);
    expect(all.pagination).toMatchObject({ per_page: 20, total: 3 });
    expect(all.users.map((u) => u.name).sort()).toEqual(['Ada Admin', 'Sam Staff']);

    const variant = await history(`/api/stock-history/${variable.id}/variant/${m.variant_id}`);
    expect(variant.item).toMatchObject({
      variant_id: m.variant_id,
      variant_name: 'Red / M',
      current_stock: 9,
    });
    expect(variant.data).toHaveLength(2);

    const filtered = async (query: string) =>
      (await history(`/api/stock-history/${variable.id}?${query}`)).data.map((d) => d.reason);
    expect(await filtered('movement_type=decrease')).toEqual(['damaged_goods']);
    expect(await filtered('reason=manual_update')).toEqual(['manual_update', 'manual_update']);
    expect(await filtered(`user_id=${staff.user.id}`)).toEqual(['damaged_goods']);
    expect(await filtered('date_from=2999-01-01')).toEqual([]);
    expect(await filtered('date_to=2000-01-01')).toEqual([]);
    expect(await filtered('date_from=2000-01-01&date_to=2999-12-31')).toHaveLength(3);
    expect(await filtered('per_page=10&page=1')).toHaveLength(3);
  });

  it('refuses bad filters (422) and unknown or mismatched items (404)', async () => {
    const w = word();
    const { simple, variable } = await shopOf(w);
    const bad = await admin.get(
      `/api/stock-history/${simple.id}?movement_type=gift&date_from=31/12/2026&per_page=30`,
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['date_from', 'movement_type', 'per_page']);
    expect(bad.json().errors.date_from).toEqual(['Please enter a date as YYYY-MM-DD.']);
    expect((await admin.get('/api/stock-history/999999')).statusCode).toBe(404);
    const [otherVariant] = (await sheet(`search=${w}`)).data.filter((r) => !r.is_main_row);
    expect(
      (await admin.get(`/api/stock-history/${simple.id}/variant/${otherVariant!.variant_id}`)).statusCode,
    ).toBe(404);
    expect(
      (await admin.get(`/api/stock-history/${variable.id}/variant/${otherVariant!.variant_id}`)).statusCode,
    ).toBe(200);
    expect((await admin.get('/api/stock-history/abc')).statusCode).toBe(404);
  });

  it('exports the filtered history as Excel', async () => {
    const w = word();
    const { simple } = await shopOf(w);
    await updateStock({ product_id: simple.id, new_quantity: 8, notes: '=SUM(A1)' });
    await updateStock({ product_id: simple.id, new_quantity: 6, reason: 'theft_loss' });
    const response = await admin.get(`/admin/stock/stock-history/${simple.id}/export?movement_type=increase`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="stock_history_\d+_.*\.xlsx"/);
    const rows = await readWorkbook(response);
    expect(rows[0]).toEqual([
      'Date',
      'Product',
      'Variant',
      'Type',
      'Reason',
      'Change',
      'Before',
      'After',
      'Store location',
      'Reference',
      'User',
      'Notes',
    ]);
    expect(rows.slice(1).map((r) => [r[1], r[3], r[4], r[5], r[6], r[7], r[10], r[11]])).toEqual([
      // A note that looks like a formula stays text.
      [`${w} Candle`, 'Increase', 'Manual update', 5, 3, 8, 'Ada Admin', "'=SUM(A1)"],
    ]);
    const movements = await t.ctx.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, simple.id));
    expect(movements).toHaveLength(2);
  });
});

describe('notes history', () => {
  it('lists notes newest first with user and date filters, and exports them', async () => {
    const w = word();
    const { simple, variable } = await shopOf(w);
    const [s] = (await sheet(`search=${w}`)).data.filter((r) => !r.is_main_row);
    const note = async (body: Record<string, unknown>, agent: Agent = admin) =>
      expect((await agent.post('/api/stock-notes/create', body)).statusCode).toBe(200);
    await note({ product_id: variable.id, variant_id: s!.variant_id, note: 'Seam torn on two' });
    await note({ product_id: variable.id, note: 'Reorder before summer' }, staff);
    await note({ product_id: simple.id, note: 'Other product' });

    const response = await admin.get(`/api/stock-notes-history/${variable.id}`);
    expect(response.statusCode).toBe(200);
    const reply = response.json() as NotesHistoryReply;
    expect(reply.data.map((n) => [n.note, n.variant_name, n.user])).toEqual([
      ['Reorder before summer', null, 'Sam Staff'],
      ['Seam torn on two', 'Red / S', 'Ada Admin'],
    ]);
    expect(reply.data[1]!.sku).toBe(`${w}-RS`);
    expect(reply.pagination.total).toBe(2);
    expect(reply.users.map((u) => u.id).sort()).toEqual([admin.user.id, staff.user.id].sort());

    const mine = (await admin.get(`/api/stock-notes-history/${variable.id}?user_id=${staff.user.id}`)).json();
    expect(mine.data.map((n: { note: string }) => n.note)).toEqual(['Reorder before summer']);
    const variantOnly = (
      await admin.get(`/api/stock-notes-history/${variable.id}/variant/${s!.variant_id}`)
    ).json();
    expect(variantOnly.data.map((n: { note: string }) => n.note)).toEqual(['Seam torn on two']);
    expect(
      (await admin.get(`/api/stock-notes-history/${variable.id}?date_from=2999-01-01`)).json().data,
    ).toEqual([]);
    expect((await admin.get(`/api/stock-notes-history/${variable.id}?user_id=x`)).statusCode).toBe(422);

    const exported = await readWorkbook(await admin.get(`/admin/stock/notes-history/${variable.id}/export`));
    expect(exported[0]).toEqual(['Date', 'Product', 'Variant', 'SKU', 'User', 'Note']);
    expect(exported.slice(1).map((r) => r[5])).toEqual(['Reorder before summer', 'Seam torn on two']);
    expect((await admin.get('/admin/stock/notes-history/999999/export')).statusCode).toBe(404);
  });
});
