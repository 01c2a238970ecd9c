import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp, withSourceRenderer } from '../../../test/test-app';
import { loadSession, SESSION_COOKIE } from '../../platform/auth/sessions';
import { setSettings } from '../../platform/settings/settings-store';
import { productVersionById, productVersionBySlug } from '../catalogue';

/**
 * Product pages kept whole per process (docs/decisions/0098): a page answered from what the
 * process sent before must be what building it again would give, with the visitor's own CSRF
 * token, cart count and account, and must follow every change of what it shows.
 */
let t: TestApp;
let slug: string;
let productId: number;

const open = (agent: Agent, url: string) =>
  agent.request({ method: 'GET', url, headers: { accept: 'text/html', 'x-requested-with': '' } });

async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit('/login');
  return agent;
}

const tokenOf = (body: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(body)?.[1];
const dataOf = (body: string) =>
  JSON.parse(/<script type="application\/json" id="shop-data">(.*?)<\/script>/s.exec(body)![1]!) as {
    cart_count: number;
    site_name: string;
    viewer: { name: string } | null;
    menu: { label: string }[];
    props: { product: { name: string; price: number } };
  };
/** The page without its CSRF token: what two visitors of the same page share. */
const withoutToken = (body: string) => body.replace(/<meta name="csrf-token" content="[^"]+"/, '');

beforeAll(async () => {
  t = await createTestApp({ prepareDist: withSourceRenderer });
  const lamp = await createProduct(t.ctx.db, { name: 'Kept lamp', price: '40.00', stockQuantity: 9 });
  slug = lamp.slug;
  productId = lamp.id;
});
afterAll(() => t.close());

describe('a product page kept whole', () => {
  it('gives each visitor the same page with their own CSRF token, which their session accepts', async () => {
    const [one, two] = [await guest(), await guest()];
    const first = await open(one, `/products/${slug}`);
    const second = await open(two, `/products/${slug}`);
    const third = await open(one, `/products/${slug}`);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(tokenOf(first.body)).toBe(one.csrfToken);
    expect(tokenOf(second.body)).toBe(two.csrfToken);
    expect(one.csrfToken).not.toBe(two.csrfToken);
    expect(withoutToken(second.body)).toBe(withoutToken(first.body));
    expect(third.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe('private, no-store');
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    // The token on the kept page is the one the session checks.
    const added = await two.post('/cart/add', { product_id: productId, quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
  });

  it('shows a new visitor a token of the session it opens', async () => {
    await open(await guest(), `/products/${slug}`);
    const stranger = t.agent();
    const page = await open(stranger, `/products/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(stranger.cookies.size).toBeGreaterThan(0);
    stranger.csrfToken = tokenOf(page.body)!;
    expect((await stranger.post('/cart/add', { product_id: productId, quantity: 1 })).statusCode).toBe(200);
  });

  it('shows the visitor their own cart count and account', async () => {
    const buyer = await guest();
    await open(buyer, `/products/${slug}`);
    await buyer.post('/cart/add', { product_id: productId, quantity: 2 });
    expect(dataOf((await open(buyer, `/products/${slug}`)).body).cart_count).toBe(2);
    expect(dataOf((await open(await guest(), `/products/${slug}`)).body).cart_count).toBe(0);
    const customer = await t.signedIn(['customer'], { firstName: 'Keptina', lastName: 'Reader' });
    const signedIn = dataOf((await open(customer, `/products/${slug}`)).body);
    expect(signedIn.viewer?.name).toBe('Keptina Reader');
    expect(dataOf((await open(await guest(), `/products/${slug}`)).body).viewer).toBeNull();
  });

  it('follows the product, the settings and the menu, each changed by plain SQL', async () => {
    const reader = await guest();
    await open(reader, `/products/${slug}`);
    await t.database.db.execute(sql`update products set name = 'Kept lamp, renamed' where id = ${productId}`);
    let page = dataOf((await open(reader, `/products/${slug}`)).body);
    expect(page.props.product.name).toBe('Kept lamp, renamed');
    await t.database.db.execute(sql`update products set price = '55.00' where id = ${productId}`);
    expect(dataOf((await open(reader, `/products/${slug}`)).body).props.product.price).toBe(55);
    await setSettings(t.ctx.db, { site_name: 'Kept Emporium' });
    page = dataOf((await open(reader, `/products/${slug}`)).body);
    expect(page.site_name).toBe('Kept Emporium');
    await t.database.db.execute(
      sql`insert into menu_items (label, target_type, url, "order", is_active) values ('Kept link', 'url', '/kept', 99, true)`,
    );
    page = dataOf((await open(reader, `/products/${slug}`)).body);
    expect(page.menu.map((item) => item.label)).toContain('Kept link');
    await t.database.db.execute(sql`update products set is_active = false where id = ${productId}`);
    expect((await open(reader, `/products/${slug}`)).statusCode).toBe(404);
    await t.database.db.execute(sql`update products set is_active = true where id = ${productId}`);
    expect((await open(reader, `/products/${slug}`)).statusCode).toBe(200);
  });

  // The product's row version comes with the returning visitor's session (docs/decisions/0103),
  // read whatever their role: what their role may not see must still be refused.
  it('refuses a returning visitor a product hidden from their role, on the page and in JSON', async () => {
    const reader = await guest();
    const json = () =>
      reader.request({
        method: 'GET',
        url: `/api/public/products/${productId}`,
        headers: { accept: 'application/json' },
      });
    expect((await open(reader, `/products/${slug}`)).statusCode).toBe(200);
    expect((await json()).statusCode).toBe(200);
    // The session's statement answers the row's version for either path (the read the page skips).
    const cookie = reader.cookies.get(SESSION_COOKIE)!;
    const bySlug = await loadSession(t.ctx.db, cookie, new Date(), {
      read: productVersionBySlug,
      input: slug,
    });
    const byId = await loadSession(t.ctx.db, cookie, new Date(), {
      read: productVersionById,
      input: productId,
    });
    const [row] = (
      (await t.ctx.db.execute(
        sql`select xmin::text as version, array_to_string(shop_visibility, ',') as visibility from products where id = ${productId}`,
      )) as unknown as { rows: { version: string; visibility: string }[] }
    ).rows;
    expect(bySlug.status).toBe('active');
    expect(bySlug.side).toBe(row!.version);
    expect(byId.side).toBe(row!.version);
    const unknown = await loadSession(t.ctx.db, cookie, new Date(), {
      read: productVersionBySlug,
      input: 'no-such',
    });
    expect(unknown.side).toBeNull();
    await t.database.db.execute(
      sql`update products set shop_visibility = '{customer}' where id = ${productId}`,
    );
    try {
      expect((await open(reader, `/products/${slug}`)).statusCode).toBe(404);
      expect((await open(reader, `/product/${slug}`)).statusCode).toBe(404);
      expect((await json()).statusCode).toBe(404);
    } finally {
      await t.database.db.execute(
        sql`update products set shop_visibility = string_to_array(${row!.visibility}, ',') where id = ${productId}`,
      );
    }
    expect((await open(reader, `/products/${slug}`)).statusCode).toBe(200);
    await t.database.db.execute(sql`update products set deleted_at = now() where id = ${productId}`);
    try {
      expect((await open(reader, `/products/${slug}`)).statusCode).toBe(404);
      expect((await json()).statusCode).toBe(404);
    } finally {
      await t.database.db.execute(sql`update products set deleted_at = null where id = ${productId}`);
    }
  });

  it('answers a returning visitor 404 for a product path no product can have, never an error', async () => {
    const reader = await guest();
    for (const path of [`/products/a%00b`, `/products/${'x'.repeat(300)}`, '/product/%F0%9F%9B%8B']) {
      expect((await open(reader, path)).statusCode).toBe(404);
    }
    for (const id of ['99999999999', '-1', '1.5', 'lamp']) {
      const reply = await reader.request({
        method: 'GET',
        url: `/api/public/products/${id}`,
        headers: { accept: 'application/json' },
      });
      expect(reply.statusCode).toBe(404);
    }
  });
});
