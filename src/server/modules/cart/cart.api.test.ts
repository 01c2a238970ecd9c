import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES as M } from '../../../contracts/cart';
import { ORDERING_CLOSED_MESSAGE } from '../../../contracts/storefront';
import { createProduct, createUser } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { setSettings } from '../../platform/settings/settings-store';
import { colors, productStockColors } from '../catalogue/catalogue.tables';
import { cartItems, carts } from './cart.tables';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A visitor who opened a shop page: a guest session with its CSRF token, no account. */
async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit('/login');
  return agent;
}

async function add(agent: Agent, body: Record<string, unknown>) {
  return agent.post('/cart/add', { quantity: 1, ...body });
}

describe('a guest cart', () => {
  it('adds a product, answers the count, and reads it back priced by the server', async () => {
    const lamp = await createProduct(t.ctx.db, { name: 'Brass lamp', price: '25.50', stockQuantity: 5 });
    const visitor = await guest();
    const added = await add(visitor, { product_id: lamp.id, quantity: 2, price: '0.01' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ success: true, message: M.added, cartCount: 2, current_cart_quantity: 2 });
    expect(visitor.cookies.get('emporium_cart')).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const again = await add(visitor, { product_id: lamp.id, quantity: 1 });
    expect(again.json()).toMatchObject({ cartCount: 3, current_cart_quantity: 3 });

    const cart = await visitor.get('/api/cart');
    expect(cart.statusCode).toBe(200);
    expect(cart.json()).toMatchObject({
      success: true,
      count: 3,
      subtotal: 76.5,
      shipping: 0,
      total: 76.5,
      items: [{ name: 'Brass lamp', quantity: 3, price: 25.5, subtotal: 76.5, product_id: lamp.id }],
    });
  });

  it('keeps each visitor to their own cart', async () => {
    const vase = await createProduct(t.ctx.db, { stockQuantity: 5 });
    const one = await guest();
    const other = await guest();
    await add(one, { product_id: vase.id });
    expect((await other.get('/api/cart')).json()).toMatchObject({ items: [], count: 0, total: 0 });
    const line = (await one.get('/api/cart')).json().items[0];
    const foreign = await other.post('/cart/update', { cart_id: line.id, quantity: 2 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(M.itemNotFound);
    expect((await other.post('/cart/remove', { cart_id: line.id })).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(cartItems).where(eq(cartItems.id, line.id));
    expect(row?.quantity).toBe(1);
  });

  it('refuses a write without the page’s CSRF token', async () => {
    const vase = await createProduct(t.ctx.db, { stockQuantity: 5 });
    const visitor = await guest();
    const response = await visitor.request({
      method: 'POST',
      url: '/cart/add',
      payload: { product_id: vase.id, quantity: 1 },
      csrf: false,
    });
    expect(response.statusCode).toBe(419);
  });
});

describe('stock and options', () => {
  it('answers a stock error with what is left and what the cart holds', async () => {
    const chair = await createProduct(t.ctx.db, { stockQuantity: 3 });
    const visitor = await guest();
    await add(visitor, { product_id: chair.id, quantity: 2 });
    const over = await add(visitor, { product_id: chair.id, quantity: 2 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      success: false,
      message: M.notEnoughStock,
      stock_error: true,
      available_quantity: 3,
      current_cart_quantity: 2,
    });
    const line = (await visitor.get('/api/cart')).json().items[0];
    const update = await visitor.post('/cart/update', { cart_id: line.id, quantity: 4 });
    expect(update.statusCode).toBe(422);
    expect(update.json()).toMatchObject({ stock_error: true, available_quantity: 3 });
    const ok = await visitor.post('/cart/update', { cart_id: line.id, quantity: 3 });
    expect(ok.json()).toMatchObject({ success: true, message: M.updated, cartCount: 3 });
  });

  it('sells beyond the stock when stock is not managed', async () => {
    const stool = await createProduct(t.ctx.db, { stockQuantity: 0 });
    const visitor = await guest();
    await setSettings(t.ctx.db, { stock_management_enabled: false });
    try {
      expect((await add(visitor, { product_id: stool.id, quantity: 4 })).statusCode).toBe(200);
    } finally {
      await setSettings(t.ctx.db, { stock_management_enabled: true });
    }
  });

  it('sends a variable product without a variant to its page, and checks variant and colour', async () => {
    const shirt = await createProduct(t.ctx.db, {
      name: 'Linen shirt',
      variants: [
        { variant: 'S', price: '30.00', qty: 4 },
        { variant: 'M', price: '32.00', qty: 0 },
      ],
    });
    const [red] = await t.ctx.db
      .insert(colors)
      .values({ name: `Red ${Date.now()}`, code: '#c00' })
      .returning();
    await t.ctx.db
      .insert(productStockColors)
      .values({ productStockId: shirt.variants[0]!.id, colorId: red!.id });
    const other = await createProduct(t.ctx.db, { variants: [{ variant: 'X', qty: 9 }] });
    const visitor = await guest();

    const choose = await add(visitor, { product_id: shirt.id });
    expect(choose.statusCode).toBe(422);
    expect(choose.json()).toMatchObject({
      success: false,
      message: M.selectOptions,
      redirect_to_product: true,
      product_slug: shirt.slug,
    });
    const wrongVariant = await add(visitor, {
      product_id: shirt.id,
      product_stock_id: other.variants[0]!.id,
    });
    expect(wrongVariant.statusCode).toBe(422);
    expect(wrongVariant.json().errors).toEqual({ product_stock_id: [M.invalidCombination] });
    const wrongColour = await add(visitor, {
      product_id: shirt.id,
      product_stock_id: shirt.variants[0]!.id,
      color_id: red!.id + 1000,
    });
    expect(wrongColour.json().errors).toEqual({ color_id: [M.invalidCombination] });
    const soldOut = await add(visitor, { product_id: shirt.id, product_stock_id: shirt.variants[1]!.id });
    expect(soldOut.json()).toMatchObject({ stock_error: true, available_quantity: 0 });

    const ok = await add(visitor, {
      product_id: shirt.id,
      product_stock_id: shirt.variants[0]!.id,
      quantity: 2,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const cart = (await visitor.get('/api/cart')).json();
    expect(cart.items[0]).toMatchObject({ variant: 'S', color_id: red!.id, price: 30, subtotal: 60 });
  });

  it('does not sell what the buyer may not see, an inactive or a deleted product', async () => {
    const partnersOnly = await createProduct(t.ctx.db, { shopVisibility: ['partner'], stockQuantity: 5 });
    const inactive = await createProduct(t.ctx.db, { isActive: false, stockQuantity: 5 });
    const deleted = await createProduct(t.ctx.db, { deletedAt: new Date(), stockQuantity: 5 });
    const visitor = await guest();
    for (const product of [partnersOnly, inactive, deleted]) {
      const response = await add(visitor, { product_id: product.id });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(M.productNotFound);
    }
    const partner = await t.signedIn(['partner']);
    expect((await add(partner, { product_id: partnersOnly.id })).statusCode).toBe(200);
  });

  it('answers bad input with the spec’s words, never a 500', async () => {
    const visitor = await guest();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ product_id: '' }, 'product_id', M.selectProduct],
      [{ product_id: 'abc' }, 'product_id', M.selectProduct],
      [{ product_id: 1, quantity: 0 }, 'quantity', M.quantity],
      [{ product_id: 1, quantity: '1e3' }, 'quantity', M.quantity],
      [{ product_id: 1, quantity: 99_999_999_999 }, 'quantity', M.quantity],
      [{ product_id: 99_999_999_999 }, 'product_id', M.selectProduct],
    ];
    for (const [body, field, message] of cases) {
      const response = await visitor.post('/cart/add', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    const update = await visitor.post('/cart/update', { cart_id: 1, quantity: 0 });
    expect(update.json().errors.quantity).toEqual([M.quantityAtLeastOne]);
  });
});

describe('prices for the buyer', () => {
  it('prices the cart for the signed-in buyer’s role, with VAT by the shop’s settings', async () => {
    const desk = await createProduct(t.ctx.db, { price: '100.00', stockQuantity: 5 });
    const customer = await t.signedIn(['customer']);
    await add(customer, { product_id: desk.id, quantity: 1 });
    const cart = (await customer.get('/api/cart')).json();
    expect(cart).toMatchObject({ subtotal: 100, total: 100 });
  });
});

describe('remove, clear and sign-in', () => {
  it('removes a line and clears the cart', async () => {
    const a = await createProduct(t.ctx.db, { stockQuantity: 5, price: '5.00' });
    const b = await createProduct(t.ctx.db, { stockQuantity: 5, price: '7.00' });
    const visitor = await guest();
    await add(visitor, { product_id: a.id });
    await add(visitor, { product_id: b.id, quantity: 2 });
    const [first] = (await visitor.get('/api/cart')).json().items;
    const removed = await visitor.post('/cart/remove', { cart_id: first.id });
    expect(removed.json()).toMatchObject({
      success: true,
      message: M.removed,
      cartCount: 2,
      cartTotal: { subtotal: 14, total: 14 },
    });
    const cleared = await visitor.post('/cart/clear');
    expect(cleared.json()).toEqual({ success: true, message: M.cleared });
    expect((await visitor.get('/api/cart')).json()).toMatchObject({ items: [], count: 0 });
  });

  it('joins the guest cart to the account at sign-in, adding up the same lines', async () => {
    const kept = await createProduct(t.ctx.db, { stockQuantity: 9 });
    const moved = await createProduct(t.ctx.db, { stockQuantity: 9 });
    const user = await createUser(t.ctx.db, { roles: ['customer'] });
    const before = t.agent();
    await before.signIn(user.email);
    await add(before, { product_id: kept.id, quantity: 1 });

    const visitor = await guest();
    await add(visitor, { product_id: kept.id, quantity: 2 });
    await add(visitor, { product_id: moved.id, quantity: 1 });
    const guestToken = visitor.cookies.get('emporium_cart');
    expect(guestToken).toBeTruthy();
    const signedIn = await visitor.signIn(user.email);
    expect(signedIn.statusCode).toBe(200);
    expect(visitor.cookies.has('emporium_cart')).toBe(false);

    const cart = (await visitor.get('/api/cart')).json();
    expect(
      cart.items.map((i: { product_id: number; quantity: number }) => [i.product_id, i.quantity]),
    ).toEqual([
      [kept.id, 3],
      [moved.id, 1],
    ]);
    const guestCarts = await t.ctx.db.select().from(carts).where(eq(carts.userId, user.id));
    expect(guestCarts).toHaveLength(1);
  });
});

describe('the header count and online ordering switched off', () => {
  it('shows the cart’s units in every shop page’s document', async () => {
    const mug = await createProduct(t.ctx.db, { stockQuantity: 9 });
    const visitor = await guest();
    const empty = await visitor.request({ method: 'GET', url: '/cart', headers: { accept: 'text/html' } });
    expect(empty.body).toContain('"cart_count":0');
    await add(visitor, { product_id: mug.id, quantity: 3 });
    const page = await visitor.request({ method: 'GET', url: '/contact', headers: { accept: 'text/html' } });
    expect(page.body).toContain('"cart_count":3');
    expect(page.body).toContain('"ordering_open":true');
  });

  it('refuses adding to the cart while online_shop_enabled is off, and keeps the cart', async () => {
    const bowl = await createProduct(t.ctx.db, { stockQuantity: 9 });
    const visitor = await guest();
    await add(visitor, { product_id: bowl.id, quantity: 1 });
    await setSettings(t.ctx.db, { online_shop_enabled: false });
    try {
      const refused = await add(visitor, { product_id: bowl.id, quantity: 1 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ORDERING_CLOSED_MESSAGE);
      expect((await visitor.get('/api/cart')).json()).toMatchObject({ count: 1 });
      const page = await visitor.request({ method: 'GET', url: '/cart', headers: { accept: 'text/html' } });
      expect(page.body).toContain('"ordering_open":false');
    } finally {
      await setSettings(t.ctx.db, { online_shop_enabled: true });
    }
    expect((await add(visitor, { product_id: bowl.id, quantity: 1 })).statusCode).toBe(200);
  });
});
