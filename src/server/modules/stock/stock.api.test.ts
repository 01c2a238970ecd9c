import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_MESSAGES as M } from '../../../contracts/stock';
import { createProduct } from '../../../test/factories';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { setSettings } from '../../platform/settings/settings-store';
import { products } from '../catalogue';
import { stockMovements, stockNotes, storeLocations } from './stock.tables';

let t: TestApp;
let admin: Agent;
let staff: Agent;
let customer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
  customer = await t.signedIn(['customer']);
});
afterAll(() => t.close());

async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit();
  return agent;
}

async function withManagementOff(run: () => Promise<void>): Promise<void> {
  await setSettings(t.ctx.db, { stock_management_enabled: false });
  try {
    await run();
  } finally {
    await setSettings(t.ctx.db, { stock_management_enabled: true });
  }
}

describe('who may use the stock routes', () => {
  const calls: [string, string, Record<string, unknown>?][] = [
    ['GET', '/api/store-locations'],
    ['POST', '/api/store-locations', { name: 'X' }],
    ['PUT', '/api/store-locations/1', { name: 'X' }],
    ['DELETE', '/api/store-locations/1'],
    ['GET', '/api/stock-update/search-products?search=ab'],
    ['POST', '/api/stock-update/update-stock', { product_id: 1, new_quantity: 1 }],
    ['POST', '/api/stock-notes/create', { product_id: 1, note: 'x' }],
    ['GET', '/api/stock-settings'],
    ['POST', '/api/stock-settings', { show_stock_quantities: false }],
    ['POST', '/api/stock-settings/update', { type: 'show_stock_quantities', value: false }],
    [
      'POST',
      '/api/stock-settings/bulk-update',
      { settings: [{ type: 'show_stock_quantities', value: false }] },
    ],
  ];
  it.each(calls)('%s %s: 401 signed out, 403 for a customer', async (method, url, body) => {
    const out = await (await guest()).request({ method: method as 'GET', url, payload: body });
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await customer.request({ method: method as 'GET', url, payload: body })).statusCode).toBe(403);
  });

  it('staff may read stock settings but not change them (settings.manage)', async () => {
    expect((await staff.get('/api/stock-settings')).statusCode).toBe(200);
    expect((await staff.post('/api/stock-settings', { show_stock_quantities: false })).statusCode).toBe(403);
  });
});

describe('stock settings', () => {
  it('answers the spec defaults, and saves one, several and a list of settings', async () => {
    const defaults = await admin.get('/api/stock-settings');
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json()).toEqual({
      success: true,
      data: {
        stock_management_enabled: true,
        stock_deduction_timing: 'on_order',
        show_stock_quantities: true,
        show_low_stock_warning: true,
        out_of_stock_behavior: 'show_disabled',
        low_stock_email_notifications: false,
        out_of_stock_notifications: false,
      },
    });
    const one = await admin.post('/api/stock-settings/update', {
      type: 'stock_deduction_timing',
      value: 'on_payment',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.stock_deduction_timing).toBe('on_payment');
    const bulk = await admin.post('/api/stock-settings/bulk-update', {
      settings: [
        { type: 'out_of_stock_behavior', value: 'show_notify' },
        { type: 'low_stock_email_notifications', value: '1' },
      ],
    });
    expect(bulk.json().data).toMatchObject({
      out_of_stock_behavior: 'show_notify',
      low_stock_email_notifications: true,
    });
    const whole = await admin.post('/api/stock-settings', {
      stock_deduction_timing: 'on_shipping',
      show_stock_quantities: false,
    });
    expect(whole.json()).toMatchObject({
      success: true,
      message: M.settingsSaved,
      data: { stock_deduction_timing: 'on_shipping', show_stock_quantities: false },
    });
    await admin.post('/api/stock-settings', {
      stock_deduction_timing: 'on_order',
      show_stock_quantities: true,
    });
  });

  it('answers 422 for an unknown setting or a value outside its list', async () => {
    const unknown = await admin.post('/api/stock-settings/update', { type: 'nope', value: 1 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.type).toBeDefined();
    const bad = await admin.post('/api/stock-settings/update', {
      type: 'stock_deduction_timing',
      value: 'whenever',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.stock_deduction_timing).toBeDefined();
  });
});

describe('store locations', () => {
  it('creates, lists, updates and deletes a location', async () => {
    const created = await admin.post('/api/store-locations', {
      name: '  Port Louis shop ',
      code: 'PL',
      address: 'Royal Road',
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.json().data;
    expect(created.json()).toEqual({
      success: true,
      message: M.locationCreated,
      data: {
        id: expect.any(Number),
        name: 'Port Louis shop',
        code: 'PL',
        description: null,
        address: 'Royal Road',
        is_active: true,
      },
    });
    const list = await staff.get('/api/store-locations');
    // spec 2 §7: the list is `locations` (and `data`, which the screens read).
    expect(list.json().locations).toContainEqual(location);
    expect(list.json().data).toEqual(list.json().locations);

    const updated = await admin.put(`/api/store-locations/${location.id}`, {
      name: 'Grand Baie',
      is_active: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Grand Baie', code: null, is_active: false });

    const deleted = await admin.delete(`/api/store-locations/${location.id}`);
    expect(deleted.json()).toEqual({ success: true, message: M.locationDeleted });
    expect((await admin.get('/api/store-locations')).json().data).toEqual([]);
  });

  it('answers 422 "Location name is required"', async () => {
    const response = await admin.post('/api/store-locations', { name: '  ' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: M.locationNameRequired,
      errors: { name: [M.locationNameRequired] },
    });
  });

  it('answers 404 for a location that does not exist', async () => {
    expect((await admin.put('/api/store-locations/999999', { name: 'X' })).statusCode).toBe(404);
    expect((await admin.delete('/api/store-locations/999999')).statusCode).toBe(404);
    expect((await admin.delete('/api/store-locations/abc')).statusCode).toBe(404);
  });

  it('refuses to delete a location that holds stock', async () => {
    const location = (await admin.post('/api/store-locations', { name: 'Holding' })).json().data;
    const product = await createProduct(t.ctx.db);
    await admin.post('/api/stock-update/update-stock', {
      product_id: product.id,
      store_location_id: location.id,
      new_quantity: 3,
    });
    const response = await admin.delete(`/api/store-locations/${location.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(M.locationHoldsStock(3));
    await admin.post('/api/stock-update/update-stock', {
      product_id: product.id,
      store_location_id: location.id,
      new_quantity: 0,
    });
    expect((await admin.delete(`/api/store-locations/${location.id}`)).statusCode).toBe(200);
  });
});

describe('stock update', () => {
  it('finds products from 2 characters, with variants and stock', async () => {
    const product = await createProduct(t.ctx.db, {
      name: 'Zebra lamp',
      sku: 'ZEB-1',
      variants: [{ qty: 2, sku: 'ZEB-RED' }],
    });
    expect((await staff.get('/api/stock-update/search-products?search=Z')).json()).toEqual({
      success: true,
      products: [],
      data: [],
    });
    const found = await staff.get('/api/stock-update/search-products?search=zebra');
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual([
      {
        id: product.id,
        name: 'Zebra lamp',
        sku: 'ZEB-1',
        is_variable_product: true,
        current_stock: 0,
        low_stock_threshold: 5,
        variants: [{ id: product.variants[0]!.id, variant: 'Variant 1', sku: 'ZEB-RED', current_stock: 2 }],
        location_stock: [],
      },
    ]);
    const bySku = await staff.get('/api/stock-update/search-products?search=zeb-red');
    expect(bySku.json().products.map((p: { id: number }) => p.id)).toEqual([product.id]);
    expect(bySku.json().data).toEqual(bySku.json().products);
  });

  it('sets a simple product stock through the service and writes a movement', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 4 });
    const response = await staff.post('/api/stock-update/update-stock', {
      product_id: String(product.id),
      new_quantity: '10',
      notes: 'Counted',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: M.stockUpdated,
      data: {
        product_id: product.id,
        variant_id: null,
        store_location_id: null,
        old_quantity: 4,
        new_quantity: 10,
        current_stock: 10,
      },
    });
    const [row] = await t.ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.stockQuantity).toBe(10);
    const movements = await t.ctx.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, product.id));
    expect(movements).toMatchObject([
      { movementType: 'increase', reason: 'manual_update', quantityChanged: 6, notes: 'Counted' },
    ]);
  });

  it.each([
    [{ new_quantity: 1 }, 'product_id', M.selectProduct],
    [{ product_id: 1, new_quantity: -1 }, 'new_quantity', M.quantity],
    [{ product_id: 1, new_quantity: 1.5 }, 'new_quantity', M.quantity],
    [{ product_id: 1, new_quantity: 'many' }, 'new_quantity', M.quantity],
    [{ product_id: 1 }, 'new_quantity', M.quantity],
    // issue 11: Number() reads these; a quantity is whole decimal digits only.
    [{ product_id: 1, new_quantity: '0x10' }, 'new_quantity', M.quantity],
    [{ product_id: 1, new_quantity: '1e1' }, 'new_quantity', M.quantity],
    [{ product_id: 1, new_quantity: 'Infinity' }, 'new_quantity', M.quantity],
    [{ product_id: 1, new_quantity: '0b11' }, 'new_quantity', M.quantity],
    [{ product_id: 1, new_quantity: '2.5' }, 'new_quantity', M.quantity],
    [{ product_id: '0x1', new_quantity: 1 }, 'product_id', 'This id is not valid.'],
  ])('answers 422 with the spec words for %j', async (body, field, message) => {
    const response = await admin.post('/api/stock-update/update-stock', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('writes history only when the stock changes: twenty identical counts leave one movement', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 4 });
    for (let i = 0; i < 20; i++) {
      const response = await staff.post('/api/stock-update/update-stock', {
        product_id: product.id,
        new_quantity: 7,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(i === 0 ? M.stockUpdated : M.stockUnchanged);
      expect(response.json().data).toMatchObject({
        old_quantity: i === 0 ? 4 : 7,
        new_quantity: 7,
        current_stock: 7,
      });
    }
    const movements = await t.ctx.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, product.id));
    expect(movements).toMatchObject([{ quantityBefore: 4, quantityAfter: 7, quantityChanged: 3 }]);
  });

  it('keeps the notes of a count that changed nothing as a stock note', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 5 });
    const response = await staff.post('/api/stock-update/update-stock', {
      product_id: product.id,
      new_quantity: 5,
      notes: 'Counted twice, all there',
    });
    expect(response.json().message).toBe(M.stockUnchangedNoteSaved);
    expect(
      await t.ctx.db.select().from(stockMovements).where(eq(stockMovements.productId, product.id)),
    ).toEqual([]);
    const notes = await t.ctx.db.select().from(stockNotes).where(eq(stockNotes.productId, product.id));
    expect(notes).toMatchObject([{ note: 'Counted twice, all there', variantId: null }]);
  });

  it('asks for a variant of a variable product and a location while locations exist', async () => {
    const product = await createProduct(t.ctx.db, { variants: [{ qty: 1 }] });
    const noVariant = await admin.post('/api/stock-update/update-stock', {
      product_id: product.id,
      new_quantity: 2,
    });
    expect(noVariant.statusCode).toBe(422);
    expect(noVariant.json()).toEqual({ message: M.selectVariant, errors: { variant_id: [M.selectVariant] } });

    const [location] = await t.ctx.db.insert(storeLocations).values({ name: 'Main' }).returning();
    try {
      const variantId = product.variants[0]!.id;
      const noLocation = await admin.post('/api/stock-update/update-stock', {
        product_id: product.id,
        variant_id: variantId,
        new_quantity: 2,
      });
      expect(noLocation.statusCode).toBe(422);
      expect(noLocation.json().errors).toEqual({ store_location_id: [M.selectLocation] });
      const ok = await admin.post('/api/stock-update/update-stock', {
        product_id: product.id,
        variant_id: variantId,
        store_location_id: location!.id,
        new_quantity: 2,
      });
      expect(ok.json().data).toMatchObject({ old_quantity: 0, new_quantity: 2, current_stock: 3 });
    } finally {
      await t.ctx.db.delete(storeLocations).where(eq(storeLocations.id, location!.id));
    }
  });

  it('answers 404 for a product that does not exist', async () => {
    const response = await admin.post('/api/stock-update/update-stock', {
      product_id: 999999,
      new_quantity: 1,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(M.productNotFound);
  });

  it('answers 404 for a deleted product', async () => {
    const deleted = await createProduct(t.ctx.db, { deletedAt: new Date() });
    const gone = await admin.post('/api/stock-update/update-stock', {
      product_id: deleted.id,
      new_quantity: 1,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(M.productNotFound);
    const note = await admin.post('/api/stock-notes/create', { product_id: deleted.id, note: 'x' });
    expect(note.statusCode).toBe(404);
  });

  it('accepts a reason of the product history and refuses an order reason', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 4 });
    const damaged = await admin.post('/api/stock-update/update-stock', {
      product_id: product.id,
      new_quantity: 3,
      reason: 'damaged_goods',
    });
    expect(damaged.statusCode).toBe(200);
    const [movement] = await t.ctx.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, product.id));
    expect(movement).toMatchObject({
      movementType: 'decrease',
      reason: 'damaged_goods',
      quantityChanged: -1,
    });
    const order = await admin.post('/api/stock-update/update-stock', {
      product_id: product.id,
      new_quantity: 3,
      reason: 'order_deduction',
    });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.reason).toEqual(['Please choose a reason from the list.']);
  });

  it('answers the spec message while stock management is off', async () => {
    const product = await createProduct(t.ctx.db, { stockQuantity: 4 });
    await withManagementOff(async () => {
      for (const response of [
        await admin.post('/api/stock-update/update-stock', { product_id: product.id, new_quantity: 1 }),
        await admin.get('/api/stock-update/search-products?search=product'),
        await admin.post('/api/stock-notes/create', { product_id: product.id, note: 'x' }),
      ]) {
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(M.disabled);
      }
    });
    const [row] = await t.ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.stockQuantity).toBe(4);
  });
});

describe('stock notes', () => {
  it('saves a note for a product or a variant', async () => {
    const product = await createProduct(t.ctx.db, { name: 'Noted', variants: [{ qty: 1, sku: 'N-1' }] });
    const variantId = product.variants[0]!.id;
    const response = await staff.post('/api/stock-notes/create', {
      product_id: product.id,
      variant_id: variantId,
      note: ' Box damaged ',
      product_name: 'ignored',
      sku: 'ignored',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: M.noteSaved,
      data: {
        product_id: product.id,
        variant_id: variantId,
        note: 'Box damaged',
        product_name: 'Noted',
        sku: 'N-1',
      },
    });
    const rows = await t.ctx.db.select().from(stockNotes).where(eq(stockNotes.productId, product.id));
    expect(rows).toHaveLength(1);
  });

  it('answers 422 with the length limit for a 1 MB note, and saves nothing', async () => {
    const product = await createProduct(t.ctx.db);
    const response = await staff.post('/api/stock-notes/create', {
      product_id: product.id,
      note: 'x'.repeat(1_000_000),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ note: [M.noteTooLong] });
    expect(await t.ctx.db.select().from(stockNotes).where(eq(stockNotes.productId, product.id))).toEqual([]);
    const update = await staff.post('/api/stock-update/update-stock', {
      product_id: product.id,
      new_quantity: 1,
      notes: 'y'.repeat(1001),
    });
    expect(update.json().errors).toEqual({ notes: [M.notesTooLong] });
  });

  it('answers 422 "Please enter a note" and "Please select a product"', async () => {
    const response = await admin.post('/api/stock-notes/create', { note: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ product_id: [M.selectProduct], note: [M.enterNote] });
  });

  it('answers 404 for a product that does not exist', async () => {
    expect((await admin.post('/api/stock-notes/create', { product_id: 999999, note: 'x' })).statusCode).toBe(
      404,
    );
  });
});
