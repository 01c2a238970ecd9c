import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_MESSAGES as M } from '../../../contracts/shop-setup';
import { SECRET_MASK } from '../../../domain/payments/configuration-secrets';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { files } from '../files';
import { paymentMethods } from './shop-setup.tables';

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

type Upload = { name: string; data: Buffer; type?: string };

/** A multipart body as the form builds it: fields, configuration as JSON text, and the icon. */
async function multipart(fields: Record<string, string>, icon?: Upload) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (icon) form.append('icon', new Blob([new Uint8Array(icon.data)], { type: icon.type ?? '' }), icon.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

async function send(agent: Agent, url: string, fields: Record<string, string>, icon?: Upload) {
  const body = await multipart(fields, icon);
  return agent.request({ method: 'POST', url, ...body });
}

const png = () =>
  sharp({ create: { width: 64, height: 40, channels: 3, background: '#3490dc' } })
    .png()
    .toBuffer();

describe('who may use the payment-method routes', () => {
  const calls: [string, string, Record<string, unknown>?][] = [
    ['GET', '/api/payment-methods'],
    ['GET', '/api/payment-methods/1'],
    ['POST', '/api/payment-methods', { name: 'X' }],
    ['POST', '/api/payment-methods/1', { name: 'X', _method: 'PUT' }],
    ['PUT', '/api/payment-methods/1', { name: 'X' }],
    ['POST', '/api/payment-methods/1/status', { status: 'enabled' }],
    ['POST', '/api/payment-methods/order', { orders: [{ id: 1, display_order: 1 }] }],
    ['DELETE', '/api/payment-methods/1'],
  ];
  it.each(calls)('%s %s: 401 signed out, 403 for staff', async (method, url, body) => {
    const out = await (await guest()).request({ method: method as 'GET', url, payload: body });
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await staff.request({ method: method as 'GET', url, payload: body })).statusCode).toBe(403);
  });

  it('lets staff read the methods an order form may offer, without configuration', async () => {
    await send(admin, '/api/payment-methods', {
      name: 'Staff visible',
      status: 'backend_only',
      configuration: JSON.stringify({ api_key: 'k' }),
    });
    await send(admin, '/api/payment-methods', { name: 'Shop only one', status: 'shop_only' });
    const reply = await staff.get('/api/payment-methods/active');
    expect(reply.statusCode).toBe(200);
    const methods = reply.json().payment_methods as { name: string; status: string; configuration: object }[];
    expect(methods.map((m) => m.name)).toContain('Staff visible');
    expect(methods.every((m) => ['enabled', 'backend_only'].includes(m.status))).toBe(true);
    expect(methods.every((m) => Object.keys(m.configuration).length === 0)).toBe(true);
    expect((await (await guest()).get('/api/payment-methods/active')).statusCode).toBe(401);
  });
});

describe('payment methods', () => {
  it('creates from a multipart form with icon and configuration, code from the name, placed last', async () => {
    const created = await send(
      admin,
      '/api/payment-methods',
      {
        name: 'Mobile Wallet',
        code: '',
        description: 'Pay with your phone',
        status: 'enabled',
        configuration: JSON.stringify({ merchant_id: 'M-1', secret_key: 'sk_live_123' }),
      },
      { name: 'wallet.png', data: await png(), type: 'image/png' },
    );
    expect(created.statusCode).toBe(200);
    const { payment_method: method, message } = created.json();
    expect(message).toBe(M.created);
    expect(method).toMatchObject({
      name: 'Mobile Wallet',
      code: 'mobile_wallet',
      status: 'enabled',
      status_label: 'Enabled',
      configuration: { merchant_id: 'M-1', secret_key: SECRET_MASK },
    });
    expect(method.icon).toMatch(/^\/uploads\/files\/.+\.png$/);
    const [file] = await t.ctx.db.select().from(files).where(eq(files.id, method.icon_file_id));
    expect(file).toMatchObject({ context: 'payment-methods', extension: 'png' });
    expect(JSON.stringify(created.json())).not.toContain('sk_live_123');

    const [stored] = await t.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, method.id));
    expect(stored!.configuration).toEqual({ merchant_id: 'M-1', secret_key: 'sk_live_123' });
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payment_method.created'));
    expect(JSON.stringify(audits)).not.toContain('sk_live_123');

    const all = (await admin.get('/api/payment-methods')).json().payment_methods;
    expect(all[all.length - 1].id).toBe(method.id);
    expect(JSON.stringify(all)).not.toContain('sk_live_123');
    const one = (await admin.get(`/api/payment-methods/${method.id}`)).json();
    expect(one.payment_method.configuration.secret_key).toBe(SECRET_MASK);
  });

  it('updates by POST with _method=PUT: a blank or masked secret keeps the stored one, a new one replaces it', async () => {
    const { payment_method: m } = (
      await send(admin, '/api/payment-methods', {
        name: 'Gateway',
        configuration: JSON.stringify({ public_id: 'p1', api_token: 'tok-1' }),
      })
    ).json();
    const kept = await send(admin, `/api/payment-methods/${m.id}`, {
      _method: 'PUT',
      name: 'Gateway renamed',
      code: 'gateway',
      status: 'backend_only',
      configuration: JSON.stringify({ public_id: 'p2', api_token: '' }),
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      message: M.updated,
      payment_method: {
        name: 'Gateway renamed',
        status: 'backend_only',
        configuration: { public_id: 'p2', api_token: SECRET_MASK },
      },
    });
    const masked = await send(admin, `/api/payment-methods/${m.id}`, {
      _method: 'PUT',
      name: 'Gateway renamed',
      code: 'gateway',
      configuration: JSON.stringify({ public_id: 'p2', api_token: SECRET_MASK }),
    });
    expect(masked.statusCode).toBe(200);
    let [stored] = await t.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, m.id));
    expect(stored!.configuration).toEqual({ public_id: 'p2', api_token: 'tok-1' });
    expect(stored!.displayOrder).toBe(m.display_order);

    await admin.put(`/api/payment-methods/${m.id}`, {
      name: 'Gateway renamed',
      code: 'gateway',
      configuration: { public_id: 'p2', api_token: 'tok-2' },
    });
    [stored] = await t.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, m.id));
    expect(stored!.configuration).toEqual({ public_id: 'p2', api_token: 'tok-2' });
  });

  it('answers 422 with the messages of every field', async () => {
    const refused = await send(admin, '/api/payment-methods', {
      name: '',
      code: 'Bad Code!',
      status: 'sometimes',
      configuration: '{not json',
      display_order: '-2',
    });
    expect(refused.statusCode).toBe(422);
    const { errors } = refused.json();
    expect(errors.name).toEqual([M.nameRequired]);
    expect(errors.code).toEqual([M.codeFormat]);
    expect(errors.status).toEqual([M.status]);
    expect(errors.configuration).toEqual([M.configuration]);
    expect(errors.display_order).toEqual([M.displayOrder]);
  });

  it('refuses a taken code, an icon that is not an image by content, and an icon over 2 MB', async () => {
    await send(admin, '/api/payment-methods', { name: 'Unique one', code: 'unique_one' });
    const taken = await send(admin, '/api/payment-methods', { name: 'Other', code: 'unique_one' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.code).toEqual([M.codeTaken]);

    const fake = await send(
      admin,
      '/api/payment-methods',
      { name: 'Fake icon' },
      { name: 'icon.png', data: Buffer.from('<?php echo 1; ?>'), type: 'image/png' },
    );
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.icon).toEqual([M.iconType]);

    const big = await send(
      admin,
      '/api/payment-methods',
      { name: 'Big icon' },
      {
        name: 'big.png',
        data: Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]),
        type: 'image/png',
      },
    );
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.icon).toEqual([M.iconSize]);
    const names = (await admin.get('/api/payment-methods'))
      .json()
      .payment_methods.map((m: { name: string }) => m.name);
    expect(names).not.toContain('Fake icon');
    expect(names).not.toContain('Big icon');
  });

  it('changes the status inline and answers 422 for an unknown status, 404 for a missing method', async () => {
    const { payment_method: m } = (await send(admin, '/api/payment-methods', { name: 'Status one' })).json();
    const changed = await admin.post(`/api/payment-methods/${m.id}/status`, { status: 'shop_only' });
    expect(changed.json()).toMatchObject({
      success: true,
      message: M.statusUpdated,
      payment_method: { status: 'shop_only', status_label: 'Shop Only' },
    });
    const bad = await admin.post(`/api/payment-methods/${m.id}/status`, { status: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toEqual([M.status]);
    expect((await admin.post('/api/payment-methods/999999/status', { status: 'enabled' })).statusCode).toBe(
      404,
    );
    expect((await admin.get('/api/payment-methods/999999')).statusCode).toBe(404);
    expect((await send(admin, '/api/payment-methods/999999', { _method: 'PUT', name: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('saves the order as a whole, or not at all', async () => {
    const before = (await admin.get('/api/payment-methods')).json().payment_methods as { id: number }[];
    const reversed = [...before].reverse().map((m, i) => ({ id: m.id, display_order: i + 1 }));
    const saved = await admin.post('/api/payment-methods/order', { orders: reversed });
    expect(saved.json()).toEqual({ success: true, message: M.orderUpdated });
    const after = (await admin.get('/api/payment-methods')).json().payment_methods as { id: number }[];
    expect(after.map((m) => m.id)).toEqual(reversed.map((o) => o.id));

    const unknown = await admin.post('/api/payment-methods/order', {
      orders: [
        { id: after[0]!.id, display_order: 50 },
        { id: 999999, display_order: 51 },
      ],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.orders).toEqual([M.ordersUnknown]);
    const unchanged = (await admin.get('/api/payment-methods')).json().payment_methods as { id: number }[];
    expect(unchanged.map((m) => m.id)).toEqual(after.map((m) => m.id));

    const empty = await admin.post('/api/payment-methods/order', { orders: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.orders).toEqual([M.orders]);
    const twice = await admin.post('/api/payment-methods/order', {
      orders: [
        { id: after[0]!.id, display_order: 1 },
        { id: after[0]!.id, display_order: 2 },
      ],
    });
    expect(twice.json().errors.orders).toEqual([M.ordersDuplicate]);
  });

  it('deletes, by DELETE or by POST with _method=DELETE, then answers 404', async () => {
    const { payment_method: a } = (await send(admin, '/api/payment-methods', { name: 'Delete me' })).json();
    const { payment_method: b } = (
      await send(admin, '/api/payment-methods', { name: 'Delete me too' })
    ).json();
    expect((await admin.delete(`/api/payment-methods/${a.id}`)).json()).toEqual({
      success: true,
      message: M.deleted,
    });
    expect((await admin.post(`/api/payment-methods/${b.id}`, { _method: 'DELETE' })).json().message).toBe(
      M.deleted,
    );
    expect((await admin.delete(`/api/payment-methods/${a.id}`)).statusCode).toBe(404);
  });
});
