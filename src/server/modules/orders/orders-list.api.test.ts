import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type OrdersListQuery, ordersListQuery } from '../../../contracts/orders';
import { createProduct } from '../../../test/factories';
import { loggedDb } from '../../../test/logged-db';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { setSettings } from '../../platform/settings/settings-store';
import { products } from '../catalogue/catalogue.tables';
import { deduct } from '../stock';
import { stockMovements } from '../stock/stock.tables';
import { orders } from './orders.tables';
import { insertOrder } from './orders-list.fixtures';
import { listOrders } from './orders-list.queries';

let t: TestApp;
let admin: Agent;
let staff: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
});
afterAll(() => t.close());

async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit();
  return agent;
}

const listOf = async (agent: Agent, query = '') => {
  const response = await agent.get(`/admin/orders${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    data: Record<string, unknown>[];
    total: number;
    current_page: number;
    last_page: number;
    per_page: number;
    from: number | null;
    to: number | null;
  };
};

describe('who may use the orders list routes', () => {
  const calls: [string, string][] = [
    ['GET', '/admin/orders'],
    ['GET', '/admin/orders/export'],
    ['DELETE', '/admin/orders/1'],
  ];
  it.each(calls)('%s %s: 401 signed out, 403 for a customer', async (method, url) => {
    const out = await (await guest()).request({ method: method as 'GET', url });
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual({ message: 'Unauthenticated.' });
    const customer = await t.signedIn(['customer']);
    expect((await customer.request({ method: method as 'GET', url })).statusCode).toBe(403);
  });

  it('serves the admin page to a browser navigation and JSON to XHR', async () => {
    const page = await staff.request({
      method: 'GET',
      url: '/admin/orders',
      headers: { accept: 'text/html', 'x-requested-with': '' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const json = await staff.get('/admin/orders');
    expect(json.headers['content-type']).toContain('application/json');
  });
});

describe('GET /admin/orders', () => {
  let first: Awaited<ReturnType<typeof insertOrder>>;
  let web: Awaited<ReturnType<typeof insertOrder>>;
  let deleted: Awaited<ReturnType<typeof insertOrder>>;

  beforeAll(async () => {
    await t.ctx.db.delete(orders);
    await setSettings(t.ctx.db, { app_timezone: 'Indian/Mauritius' });
    first = await insertOrder(
      t.ctx.db,
      {
        orderCode: 'ORD-261101-AAAA',
        customerFirstName: 'Zoe',
        customerLastName: 'Martin',
        customerEmail: 'zoe@example.test',
        grandTotal: '250.00',
        amountPaid: '250.00',
        paymentStatus: 'paid',
        deliveryStatus: 'delivered',
        currencySymbol: '€',
        currencyCode: 'EUR',
        // 2026-11-01 23:30 in Mauritius (UTC+4) is still 19:30 UTC on the 1st;
        createdAt: new Date('2026-11-01T19:30:00Z'),
      },
      [{}, {}, {}],
    );
    web = await insertOrder(t.ctx.db, {
      orderCode: 'ORD-261102-BBBB',
      customerFirstName: 'Adam',
      customerLastName: 'Ng',
      customerEmail: 'adam@shop.test',
      orderFrom: 'web',
      grandTotal: '20.00',
      // 2026-11-02 02:00 in Mauritius, 22:00 UTC on the 1st.
      createdAt: new Date('2026-11-01T22:00:00Z'),
    });
    await insertOrder(t.ctx.db, {
      orderCode: 'ORD-261103-CCCC',
      customerFirstName: null,
      customerLastName: null,
      customerEmail: null,
      deliveryStatus: 'shipped',
      paymentStatus: 'partial',
      grandTotal: '75.50',
      createdAt: new Date('2026-11-03T10:00:00Z'),
    });
    deleted = await insertOrder(t.ctx.db, {
      orderCode: 'ORD-261104-DDDD',
      createdAt: new Date('2026-11-04T10:00:00Z'),
      deletedAt: new Date('2026-11-05T10:00:00Z'),
    });
  });

  it('answers the pagination reply of spec 1 §3, newest first, without deleted orders', async () => {
    const page = await listOf(staff);
    expect(page).toMatchObject({ total: 3, current_page: 1, last_page: 1, per_page: 10, from: 1, to: 3 });
    expect(page.data.map((o) => o.order_code)).toEqual([
      'ORD-261103-CCCC',
      'ORD-261102-BBBB',
      'ORD-261101-AAAA',
    ]);
    expect(page.data.some((o) => o.id === deleted.id)).toBe(false);
    expect(page.data[2]).toEqual({
      id: first.id,
      order_code: 'ORD-261101-AAAA',
      customer_name: 'Zoe Martin',
      customer_email: 'zoe@example.test',
      order_from: 'backend',
      delivery_status: 'delivered',
      payment_status: 'paid',
      grand_total: '250.00',
      amount_paid: '250.00',
      currency_symbol: '€',
      items_count: 3,
      created_at: '2026-11-01T19:30:00.000Z',
    });
    expect(page.data[0]).toMatchObject({ customer_name: 'Guest', customer_email: null, items_count: 1 });
  });

  it('searches the order code, the customer name and the e-mail', async () => {
    expect((await listOf(staff, '?search=261102')).data.map((o) => o.id)).toEqual([web.id]);
    expect((await listOf(staff, '?search=martin')).data.map((o) => o.id)).toEqual([first.id]);
    expect((await listOf(staff, '?search=shop.test')).data.map((o) => o.id)).toEqual([web.id]);
    expect((await listOf(staff, '?search=100%25')).total).toBe(0);
  });

  it('filters by delivery status, payment status and where the order came from', async () => {
    expect((await listOf(staff, '?delivery_status=delivered')).data.map((o) => o.id)).toEqual([first.id]);
    expect((await listOf(staff, '?payment_status=partial')).data.map((o) => o.order_code)).toEqual([
      'ORD-261103-CCCC',
    ]);
    expect((await listOf(staff, '?order_from=web')).data.map((o) => o.id)).toEqual([web.id]);
    // An unknown filter value is ignored rather than refused.
    expect((await listOf(staff, '?delivery_status=lost')).total).toBe(3);
  });

  it('reads date_from and date_to as whole days of the shop time zone', async () => {
    const day1 = await listOf(staff, '?date_from=2026-11-01&date_to=2026-11-01');
    expect(day1.data.map((o) => o.id)).toEqual([first.id]);
    const day2 = await listOf(staff, '?date_from=2026-11-02&date_to=2026-11-02');
    expect(day2.data.map((o) => o.id)).toEqual([web.id]);
    expect((await listOf(staff, '?date_from=2026-11-02')).total).toBe(2);
  });

  it('sorts by the allowed columns and pages in SQL', async () => {
    const byTotal = await listOf(staff, '?sort=grand_total&direction=asc');
    expect(byTotal.data.map((o) => o.grand_total)).toEqual(['20.00', '75.50', '250.00']);
    const byCustomer = await listOf(staff, '?sort=customer&direction=asc');
    expect(byCustomer.data.map((o) => o.customer_name)).toEqual(['Guest', 'Adam Ng', 'Zoe Martin']);
    const second = await listOf(staff, '?per_page=2&page=2');
    expect(second).toMatchObject({ total: 3, last_page: 2, current_page: 2, from: 3, to: 3 });
    expect(second.data.map((o) => o.id)).toEqual([first.id]);
  });

  it("reads the whole list's first page in one statement and any other page in two, with item counts and the kept count", async () => {
    // Each read is a new handle, which keeps nothing yet: it reads the orders' change count first
    // (decision 0106), then the list as below.
    const read = async (query: Partial<OrdersListQuery>) => {
      const { db, sent } = loggedDb(t.database);
      const page = await listOrders(
        db,
        ordersListQuery.parse({ per_page: 10, ...query }),
        'Indian/Mauritius',
      );
      return { page, statements: sent.length, sent };
    };
    const whole = await read({ page: 2 });
    expect(whole.page.data).toEqual([]);
    // Past the last page no row carries the kept count: it is read on its own.
    expect(whole.statements).toBe(3);
    expect(whole.page.total).toBe(3);
    // The whole list's first page: its rows with their item counts and the kept count, one
    // statement after the change count (decision 0099).
    const second = await read({ per_page: 10, sort: 'grand_total', direction: 'desc' });
    expect(second.statements).toBe(2);
    expect(second.page.total).toBe(3);
    expect(second.page.data.map((o) => [o.orderCode, o.itemsCount])).toEqual([
      ['ORD-261101-AAAA', 3],
      ['ORD-261103-CCCC', 1],
      ['ORD-261102-BBBB', 1],
    ]);
    // A later page: the page's ids, then those rows with their item counts, in the same order.
    const later = await read({ per_page: 1, page: 2, sort: 'grand_total', direction: 'desc' });
    expect(later.statements).toBe(3);
    expect(later.page.total).toBe(3);
    expect(later.page.data.map((o) => [o.orderCode, o.itemsCount])).toEqual([['ORD-261103-CCCC', 1]]);
    // A search counts its matches in its ids statement, found once (a CTE read twice) before they
    // are counted, sorted and cut, after reading the orders' change count its matches are kept
    // under (decision 0106).
    const searched = await read({ search: 'ORD-2611', per_page: 10, page: 1 });
    expect(searched.page.total).toBe(3);
    expect(searched.page.data.map((o) => o.orderCode)).toEqual([
      'ORD-261103-CCCC',
      'ORD-261102-BBBB',
      'ORD-261101-AAAA',
    ]);
    expect(searched.statements).toBe(3);
    expect(searched.sent[0]).toMatch(/"changes" from "row_counts"/);
    expect(searched.sent[1]).toMatch(/with matches as/);
    expect(searched.sent[1]).toMatch(/string_agg/);
    const searchedBeyond = await read({ search: 'ORD-2611', page: 2 });
    expect(searchedBeyond.page).toMatchObject({ data: [], total: 3 });
    const filtered = await read({ payment_status: 'paid' });
    expect(filtered.statements).toBe(3);
    expect(filtered.page.data.map((o) => o.itemsCount)).toEqual([3]);
  });

  it('exports the same selection as an .xlsx named orders_<timestamp>, escaping formulas', async () => {
    await insertOrder(t.ctx.db, {
      orderCode: 'ORD-261105-EEEE',
      customerFirstName: '=HYPERLINK("x")',
      customerLastName: 'Evil',
      createdAt: new Date('2026-11-05T08:00:00Z'),
    });
    const response = await staff.get('/admin/orders/export?sort=order_code&direction=asc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders_\d{4}-\d{2}-\d{2}_\d{6}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Orders')!;
    const codes: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) codes.push(row.getCell(2).value);
    });
    expect(codes).toEqual(['ORD-261101-AAAA', 'ORD-261102-BBBB', 'ORD-261103-CCCC', 'ORD-261105-EEEE']);
    expect(sheet.getRow(5).getCell(4).value).toBe(`'=HYPERLINK("x") Evil`);
    expect(sheet.getRow(2).getCell(11).value).toBe(250);

    const filtered = await staff.get('/admin/orders/export?order_from=web');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(filtered.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Orders')!.rowCount).toBe(2);
  });
});

describe('DELETE /admin/orders/:id', () => {
  beforeAll(async () => {
    await setSettings(t.ctx.db, { stock_management_enabled: true });
  });

  it('hides the order, gives its stock back, clears stock_deducted_at and writes the audit row', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 10 });
    const order = await insertOrder(t.ctx.db, { stockDeductedAt: new Date() }, [
      { productId: product.id, quantity: 3 },
    ]);
    await t.ctx.db.transaction((tx) =>
      deduct(tx, {
        productId: product.id,
        variantId: null,
        quantity: 3,
        reference: { type: 'order', id: order.id },
        userId: null,
      }),
    );
    const stockOf = async () =>
      (
        await t.ctx.db.select({ q: products.stockQuantity }).from(products).where(eq(products.id, product.id))
      )[0]!.q;
    expect(await stockOf()).toBe(7);

    const response = await staff.delete(`/admin/orders/${order.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ORDER_MESSAGES.deleted });

    expect(await stockOf()).toBe(10);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.stockDeductedAt).toBeNull();
    const movements = await t.ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.reason, 'order_cancellation')));
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ referenceType: 'order', referenceId: order.id, quantityChanged: 3 });
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.deleted'), eq(auditLog.subjectId, String(order.id))));
    expect(entry).toMatchObject({ subjectType: 'order' });
    expect(entry!.data).toMatchObject({ stock_returned: [{ product_id: product.id, quantity: 3 }] });

    expect((await listOf(staff, `?search=${order.orderCode}`)).total).toBe(0);
  });

  it('deletes an order that holds no stock without touching stock', async () => {
    const order = await insertOrder(t.ctx.db);
    const response = await admin.delete(`/admin/orders/${order.id}`);
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 for a missing or already deleted order', async () => {
    const order = await insertOrder(t.ctx.db);
    expect((await staff.delete(`/admin/orders/${order.id}`)).statusCode).toBe(200);
    const again = await staff.delete(`/admin/orders/${order.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ORDER_MESSAGES.notFound);
    expect((await staff.delete('/admin/orders/999999')).statusCode).toBe(404);
  });
});

describe('GET /api/stock/purchase-history/:productId[/variant/:variantId]', () => {
  let product: Awaited<ReturnType<typeof createProduct>>;
  let older: Awaited<ReturnType<typeof insertOrder>>;
  let newer: Awaited<ReturnType<typeof insertOrder>>;

  beforeAll(async () => {
    await setSettings(t.ctx.db, { app_timezone: 'UTC' });
    product = await createProduct(t.ctx.db, {
      name: 'Robe',
      variants: [
        { variant: 'S', qty: 5 },
        { variant: 'M', qty: 5 },
      ],
    });
    const [small, medium] = product.variants;
    older = await insertOrder(
      t.ctx.db,
      {
        orderCode: 'ORD-261010-PHAA',
        customerFirstName: 'Lia',
        customerLastName: 'Ho',
        paymentStatus: 'paid',
        deliveryStatus: 'delivered',
        createdAt: new Date('2026-10-10T10:00:00Z'),
      },
      [
        {
          productId: product.id,
          variantId: small!.id,
          variantLabel: 'S',
          quantity: 2,
          price: '12.50',
          lineTotal: '25.00',
        },
      ],
    );
    newer = await insertOrder(
      t.ctx.db,
      { orderCode: 'ORD-261012-PHBB', createdAt: new Date('2026-10-12T10:00:00Z'), currencySymbol: '£' },
      [
        {
          productId: product.id,
          variantId: medium!.id,
          variantLabel: 'M',
          quantity: 1,
          price: '14.00',
          lineTotal: '14.00',
        },
        {
          productId: product.id,
          variantId: small!.id,
          variantLabel: 'S',
          quantity: 4,
          price: '12.50',
          lineTotal: '50.00',
        },
      ],
    );
    await insertOrder(
      t.ctx.db,
      { orderCode: 'ORD-261013-PHCC', createdAt: new Date('2026-10-13T10:00:00Z'), deletedAt: new Date() },
      [{ productId: product.id, variantId: small!.id, quantity: 9 }],
    );
  });

  it('lists the order lines that bought the product, newest first, without deleted orders', async () => {
    const response = await staff.get(`/api/stock/purchase-history/${product.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.item).toMatchObject({ product_id: product.id, variant_id: null, product_name: 'Robe' });
    expect(body.pagination).toEqual({
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: 3,
      from: 1,
      to: 3,
    });
    expect(
      body.data.map((r: { order_code: string; variant_name: string }) => [r.order_code, r.variant_name]),
    ).toEqual([
      ['ORD-261012-PHBB', 'M'],
      ['ORD-261012-PHBB', 'S'],
      ['ORD-261010-PHAA', 'S'],
    ]);
    expect(body.data[2]).toEqual({
      id: older.items[0]!.id,
      order_id: older.id,
      order_code: 'ORD-261010-PHAA',
      order_url: `/admin/orders/${older.id}/edit`,
      date: '2026-10-10T10:00:00.000Z',
      customer: 'Lia Ho',
      variant_name: 'S',
      quantity: 2,
      unit_price: '12.50',
      line_total: '25.00',
      currency_symbol: '$',
      payment_status: 'paid',
      delivery_status: 'delivered',
    });
  });

  it('narrows to one variant, to dates, and pages', async () => {
    const small = product.variants[0]!;
    const variant = (await staff.get(`/api/stock/purchase-history/${product.id}/variant/${small.id}`)).json();
    expect(variant.item).toMatchObject({ variant_id: small.id, variant_name: 'S' });
    expect(variant.data.map((r: { quantity: number }) => r.quantity)).toEqual([4, 2]);
    const dated = (
      await staff.get(`/api/stock/purchase-history/${product.id}?date_from=2026-10-11&date_to=2026-10-12`)
    ).json();
    expect(dated.data.map((r: { order_id: number }) => r.order_id)).toEqual([newer.id, newer.id]);
    const paged = (await staff.get(`/api/stock/purchase-history/${product.id}?per_page=10&page=1`)).json();
    expect(paged.pagination.per_page).toBe(10);
  });

  it('refuses a page size outside 10, 20, 50, 100 and a bad date with 422', async () => {
    const size = await staff.get(`/api/stock/purchase-history/${product.id}?per_page=15`);
    expect(size.statusCode).toBe(422);
    expect(size.json().errors.per_page).toEqual(['Choose 10, 20, 50, 100 per page.']);
    const date = await staff.get(`/api/stock/purchase-history/${product.id}?date_from=tomorrow`);
    expect(date.statusCode).toBe(422);
  });

  it('answers 404 for a missing product or another product’s variant, 401 and 403 to others', async () => {
    expect((await staff.get('/api/stock/purchase-history/999999')).statusCode).toBe(404);
    const other = await createProduct(t.ctx.db, { variants: [{ variant: 'X' }] });
    expect(
      (await staff.get(`/api/stock/purchase-history/${product.id}/variant/${other.variants[0]!.id}`))
        .statusCode,
    ).toBe(404);
    expect((await (await guest()).get(`/api/stock/purchase-history/${product.id}`)).statusCode).toBe(401);
    const customer = await t.signedIn(['customer']);
    expect((await customer.get(`/api/stock/purchase-history/${product.id}`)).statusCode).toBe(403);
  });
});
