import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES as M } from '../../../contracts/orders';
import { STOCK_MESSAGES as SM } from '../../../contracts/stock';
import { createProduct } from '../../../test/factories';
import { type ItemInput, orderForm, orderSettings } from '../../../test/order-fixtures';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { productStocks, products } from '../catalogue/catalogue.tables';
import { stockMovements } from '../stock/stock.tables';
import { orders } from './orders.tables';

let t: TestApp;
let staff: Agent;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signedIn(['staff']);
});
afterAll(() => t.close());
beforeEach(() => orderSettings(t.ctx.db, { stock: true, timing: 'on_order' }));

async function stockOf(productId: number): Promise<number> {
  const [row] = await t.ctx.db.select().from(products).where(eq(products.id, productId));
  return row!.stockQuantity;
}

async function create(items: ItemInput[], total: string, over: Record<string, unknown> = {}) {
  return staff.post('/admin/orders', orderForm(items, total, over));
}

async function deductedAt(id: number) {
  const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, id));
  return row!.stockDeductedAt;
}

describe('stock deduction timing (DECISIONS 10)', () => {
  it('on_order: creating deducts every item once (lines of one item added up), with the order reference', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 10 });
    const res = await create(
      [
        { product_id: product.id, quantity: 2, price: 10 },
        { product_id: product.id, quantity: 1, price: 10 },
      ],
      '30.00',
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().order.id;
    expect(await stockOf(product.id)).toBe(7);
    // Marked by the order's insert (decision 0113), as it was saved.
    const [created] = await t.ctx.db.select().from(orders).where(eq(orders.id, id));
    const marked = await deductedAt(id);
    expect(Math.abs(marked!.getTime() - created!.createdAt.getTime())).toBeLessThan(5_000);
    const movements = await t.ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id)));
    expect(movements).toHaveLength(1);
    // Saving again deducts nothing more.
    await staff.put(
      `/admin/orders/${id}`,
      orderForm(
        [
          { product_id: product.id, quantity: 2, price: 10 },
          { product_id: product.id, quantity: 1, price: 10 },
        ],
        '30.00',
        { additional_info: 'x' },
      ),
    );
    expect(await stockOf(product.id)).toBe(7);
  });

  it('not enough stock: 409 with the stock service message, and nothing is saved', async () => {
    const product = await createProduct(t.ctx.db, { name: 'Rare lamp', stockQuantity: 1 });
    const before = await t.ctx.db.select().from(orders);
    const res = await create([{ product_id: product.id, quantity: 2, price: 10 }], '20.00');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SM.notEnoughStock('Rare lamp', 1, 2));
    expect(await t.ctx.db.select().from(orders)).toHaveLength(before.length);
    expect(await stockOf(product.id)).toBe(1);
  });

  it('on_shipping: the quick status to shipped deducts; cancelling gives it back', async () => {
    await orderSettings(t.ctx.db, { stock: true, timing: 'on_shipping' });
    const product = await createProduct(t.ctx.db, { stockQuantity: 5 });
    const id = (await create([{ product_id: product.id, quantity: 2, price: 10 }], '20.00')).json().order.id;
    expect(await stockOf(product.id)).toBe(5);
    expect(await deductedAt(id)).toBeNull();
    const shipped = await staff.post(`/api/orders/${id}/status`, { delivery_status: 'shipped' });
    expect(shipped.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
    const cancelled = await staff.post(`/api/orders/${id}/status`, {
      delivery_status: 'cancelled',
      status_reason: 'Customer changed mind',
    });
    expect(cancelled.json().order).toEqual({
      delivery_status: 'cancelled',
      status_reason: 'Customer changed mind',
      delivered_date: null,
    });
    expect(await stockOf(product.id)).toBe(5);
    expect(await deductedAt(id)).toBeNull();
    const returned = await t.ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.reason, 'order_cancellation')));
    expect(returned).toHaveLength(1);
  });

  it('on_shipping: delivered straight from pending deducts once; re-opening after a cancel takes it again', async () => {
    await orderSettings(t.ctx.db, { stock: true, timing: 'on_shipping' });
    const product = await createProduct(t.ctx.db, { stockQuantity: 5 });
    const id = (await create([{ product_id: product.id, quantity: 2, price: 10 }], '20.00')).json().order.id;
    const delivered = await staff.post(`/api/orders/${id}/status`, { delivery_status: 'delivered' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
    expect(await deductedAt(id)).not.toBeNull();
    await staff.post(`/api/orders/${id}/status`, { delivery_status: 'in_transit' });
    expect(await stockOf(product.id)).toBe(3);
    await staff.post(`/api/orders/${id}/status`, { delivery_status: 'cancelled', status_reason: 'Returned' });
    expect(await stockOf(product.id)).toBe(5);
    await staff.post(`/api/orders/${id}/status`, { delivery_status: 'delivered' });
    expect(await stockOf(product.id)).toBe(3);
    const taken = await t.ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.reason, 'order_deduction')));
    expect(taken).toHaveLength(2);
  });

  it('shows the order in the stock history: its code and a link to it, kept after the order is deleted', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 5 });
    const created = (await create([{ product_id: product.id, quantity: 2, price: 10 }], '20.00')).json()
      .order;
    const admin = await t.signedIn(['admin']);
    const history = async () => (await admin.get(`/api/stock-history/${product.id}`)).json().data;
    expect((await history())[0]).toMatchObject({
      reason: 'order_deduction',
      order: { url: `/admin/orders/${created.id}/edit`, order_code: created.order_code },
    });
    expect((await admin.delete(`/admin/orders/${created.id}`)).statusCode).toBe(200);
    const after = await history();
    expect(after[0]).toMatchObject({
      reason: 'order_cancellation',
      order: { order_code: created.order_code },
    });
  });

  it('stock management off: nothing is deducted and the order is not marked', async () => {
    await orderSettings(t.ctx.db, { stock: false });
    const product = await createProduct(t.ctx.db, { stockQuantity: 5 });
    const id = (await create([{ product_id: product.id, quantity: 2, price: 10 }], '20.00')).json().order.id;
    expect(await stockOf(product.id)).toBe(5);
    expect(await deductedAt(id)).toBeNull();
    const manual = await staff.post(`/api/orders/${id}/deduct-stock`);
    expect(manual.statusCode).toBe(409);
    expect(manual.json().message).toBe(M.stockDisabled);
  });
});

describe('POST /admin/orders/:id/update-items', () => {
  it('replaces the items and re-prices; changing items after a deduction gives the stock back', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 10 });
    const other = await createProduct(t.ctx.db, { variants: [{ qty: 4, variant: 'Large', sku: 'L-1' }] });
    const id = (await create([{ product_id: product.id, quantity: 3, price: 10 }], '30.00')).json().order.id;
    expect(await stockOf(product.id)).toBe(7);
    const res = await staff.post(`/admin/orders/${id}/update-items`, {
      order_items_json: JSON.stringify([
        {
          product_id: other.id,
          product_stock_id: other.variants[0]!.id,
          quantity: 1,
          price: '12.00',
          discount: 0,
        },
      ]),
      grand_total: '12.00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: M.itemsSavedStockReversed,
      order: { grand_total: '12.00' },
      stock_reversed: true,
    });
    expect(await stockOf(product.id)).toBe(10);
    expect(await deductedAt(id)).toBeNull();
    const order = (await staff.get(`/api/orders/${id}`)).json().data;
    expect(order.order_items).toEqual([
      expect.objectContaining({ product_id: other.id, variant: 'Large', sku: 'L-1' }),
    ]);
    expect(order.audit[0].changes.items).toEqual({
      added: [`1 × ${order.order_items[0].product_name} (Large)`],
      removed: [expect.stringContaining('3 ×')],
      changed: [],
    });

    const again = await staff.post(`/admin/orders/${id}/update-items`, {
      order_items_json: [
        { product_id: other.id, product_stock_id: other.variants[0]!.id, quantity: 2, price: 12 },
      ],
      grand_total: 24,
    });
    expect(again.json()).toEqual({
      message: M.itemsSaved,
      order: { grand_total: '24.00' },
      stock_reversed: false,
    });
  });

  it('a save that changes the items after a deduction and crosses the moment gives back the old and takes the new', async () => {
    await orderSettings(t.ctx.db, { stock: true, timing: 'on_shipping' });
    const [before, after] = [
      await createProduct(t.ctx.db, { stockQuantity: 10 }),
      await createProduct(t.ctx.db, { stockQuantity: 10 }),
    ];
    // The new item's product has the lower id in one case and the higher in the other: the
    // save locks both first, whatever the order (decision 0088).
    for (const [old, next] of [
      [after, before],
      [before, after],
    ] as const) {
      const id = (await create([{ product_id: old.id, quantity: 2, price: 10 }], '20.00')).json().order.id;
      expect((await staff.post(`/api/orders/${id}/deduct-stock`)).statusCode).toBe(200);
      const oldStock = await stockOf(old.id);
      const nextStock = await stockOf(next.id);
      const res = await staff.put(
        `/admin/orders/${id}`,
        orderForm([{ product_id: next.id, quantity: 3, price: 10 }], '30.00', { delivery_status: 'shipped' }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ stock_reversed: true });
      expect(await stockOf(old.id)).toBe(oldStock + 2);
      expect(await stockOf(next.id)).toBe(nextStock - 3);
      expect(await deductedAt(id)).not.toBeNull();
    }
  });

  it('a paid order is locked; a wrong total is refused', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 10 });
    const id = (
      await create([{ product_id: product.id, quantity: 1, price: 10 }], '10.00', {
        payment_intent: 'immediate_payment',
        payment_type: 'card',
        amount_paid: 10,
      })
    ).json().order.id;
    const locked = await staff.post(`/admin/orders/${id}/update-items`, {
      order_items_json: [{ product_id: product.id, quantity: 2, price: 10 }],
      grand_total: 20,
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toEqual({ message: M.paidOrderRestriction, error_type: 'paid_order_restriction' });

    const open = (await create([{ product_id: product.id, quantity: 1, price: 10 }], '10.00')).json().order
      .id;
    const wrong = await staff.post(`/admin/orders/${open}/update-items`, {
      order_items_json: [{ product_id: product.id, quantity: 2, price: 10 }],
      grand_total: 10,
    });
    expect(wrong.json().errors).toEqual({ grand_total: [M.totalMismatch('$20.00')] });
    expect(
      (
        await staff.post('/admin/orders/999999/update-items', {
          order_items_json: [{ product_id: product.id, quantity: 1, price: 1 }],
          grand_total: 1,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('manual stock routes', () => {
  it('stock status, deduct, already deducted 409, reset, not deducted 409', async () => {
    await orderSettings(t.ctx.db, { stock: true, timing: 'on_shipping' });
    const product = await createProduct(t.ctx.db, { variants: [{ qty: 6, variant: 'Blue' }] });
    const variantId = product.variants[0]!.id;
    const id = (
      await create([{ product_id: product.id, product_stock_id: variantId, quantity: 2, price: 10 }], '20.00')
    ).json().order.id;

    const status = await staff.get(`/api/orders/${id}/stock-status`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      success: true,
      data: {
        stock_management_enabled: true,
        deduction_timing: 'on_shipping',
        stock_deducted_at: null,
        is_credit_order: false,
        items: [expect.objectContaining({ variant: 'Blue', quantity: 2, available: 6, deducted: false })],
      },
    });

    const deducted = await staff.post(`/api/orders/${id}/deduct-stock`);
    expect(deducted.statusCode).toBe(200);
    expect(deducted.json()).toMatchObject({
      success: true,
      message: M.stockDeducted,
      order: { stock_deducted_at: expect.any(String) },
      deducted_items: [expect.objectContaining({ variant: 'Blue', quantity: 2 })],
    });
    const [variant] = await t.ctx.db.select().from(productStocks).where(eq(productStocks.id, variantId));
    expect(variant!.qty).toBe(4);
    expect((await staff.get(`/api/orders/${id}/stock-status`)).json().data.items[0]).toMatchObject({
      available: 4,
      deducted: true,
    });

    const twice = await staff.post(`/api/orders/${id}/deduct-stock`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.stockAlreadyDeducted);

    const reset = await staff.post(`/api/orders/${id}/reset-stock-deduction`);
    expect(reset.json()).toMatchObject({
      success: true,
      message: M.stockReset,
      order: { stock_deducted_at: null },
    });
    const [back] = await t.ctx.db.select().from(productStocks).where(eq(productStocks.id, variantId));
    expect(back!.qty).toBe(6);

    const resetAgain = await staff.post(`/api/orders/${id}/reset-stock-deduction`);
    expect(resetAgain.statusCode).toBe(409);
    expect(resetAgain.json().message).toBe(M.stockNotDeducted);
    expect((await staff.get('/api/orders/999999/stock-status')).statusCode).toBe(404);
  });

  it('the credit route deducts a credit order and refuses a normal one', async () => {
    await orderSettings(t.ctx.db, { stock: true, timing: 'on_payment' });
    const product = await createProduct(t.ctx.db, { stockQuantity: 5 });
    const items = [{ product_id: product.id, quantity: 1, price: 10 }];
    const credit = (await create(items, '10.00', { payment_intent: 'credit' })).json().order.id;
    const normal = (await create(items, '10.00')).json().order.id;

    expect((await staff.get(`/api/orders/${credit}/stock-status`)).json().data.is_credit_order).toBe(true);
    const ok = await staff.post(`/api/orders/${credit}/deduct-stock-credit`);
    expect(ok.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(4);

    const refused = await staff.post(`/api/orders/${normal}/deduct-stock-credit`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(M.onlyForCredit);
    expect(await stockOf(product.id)).toBe(4);
    expect(await deductedAt(normal)).toBeNull();
  });
});
