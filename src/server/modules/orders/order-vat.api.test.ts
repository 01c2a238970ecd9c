import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories';
import { orderForm, orderSettings } from '../../../test/order-fixtures';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { vats } from '../catalogue/catalogue.tables';
import { orders } from './orders.tables';

/**
 * An order keeps the VAT method and rates it was priced with (issue 12): editing it after the shop
 * switched its VAT method, or changed a rate, reprices it with its own, so the form's total
 * (computed with the order's method) matches.
 */
let t: TestApp;
let staff: Agent;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signedIn(['staff']);
});
afterAll(() => t.close());
beforeEach(() => orderSettings(t.ctx.db, { vat: true, method: 'exclusive', stock: false }));

async function taxedProduct(rate = '15') {
  const [vat] = await t.ctx.db
    .insert(vats)
    .values({ name: `VAT ${rate} ${Date.now()}`, type: 'percentage', rate })
    .returning();
  return { product: await createProduct(t.ctx.db, { vatId: vat!.id }), vat: vat! };
}

describe('editing an order after the VAT settings changed', () => {
  it('reprices with the order’s own method: exclusive 100 + 15 % stays 115 after the shop went inclusive', async () => {
    const { product } = await taxedProduct();
    const created = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: product.id, quantity: 1, price: 100 }], '115.00'),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().order.id;

    await orderSettings(t.ctx.db, { vat: true, method: 'inclusive', stock: false });
    const items = JSON.stringify([{ product_id: product.id, quantity: 2, price: '100.00', discount: 0 }]);
    const edited = await staff.post(`/admin/orders/${id}/update-items`, {
      order_items_json: items,
      grand_total: '230.00',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().order.grand_total).toBe('230.00');

    const saved = await staff.put(
      `/admin/orders/${id}`,
      orderForm([{ product_id: product.id, quantity: 3, price: 100 }], '345.00'),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ vatMethod: 'exclusive', grandTotal: '345.00' });
  });

  it('keeps the rate a line was priced with after the catalogue rate changed; a new line takes today’s', async () => {
    const { product, vat } = await taxedProduct('15');
    const { product: other } = await taxedProduct('10');
    const id = (
      await staff.post(
        '/admin/orders',
        orderForm([{ product_id: product.id, quantity: 1, price: 100 }], '115.00'),
      )
    ).json().order.id;
    await t.ctx.db.update(vats).set({ rate: '20' }).where(eq(vats.id, vat.id));

    const items = JSON.stringify([
      { product_id: product.id, quantity: 1, price: '100.00', discount: 0 },
      { product_id: other.id, quantity: 1, price: '100.00', discount: 0 },
    ]);
    const edited = await staff.post(`/admin/orders/${id}/update-items`, {
      order_items_json: items,
      grand_total: '225.00',
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it('prices a new order with the settings of the day', async () => {
    await orderSettings(t.ctx.db, { vat: true, method: 'inclusive', stock: false });
    const { product } = await taxedProduct();
    const created = await staff.post(
      '/admin/orders',
      orderForm([{ product_id: product.id, quantity: 1, price: 115 }], '115.00'),
    );
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, created.json().order.id));
    expect(row!.vatMethod).toBe('inclusive');
  });
});
