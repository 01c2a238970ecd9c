import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole } from '../../../test/factories';
import { createOrderFixture } from '../../../test/order-fixtures';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';

/**
 * orders.view (issue 12): a role holding it alone reads orders — the list, one order, its documents
 * and stock status, the export, the pages — and changes nothing; orders.manage implies it.
 */
let t: TestApp;
let reader: Agent;
let manager: Agent;
let orderId: number;

beforeAll(async () => {
  t = await createTestApp();
  await createRole(t.ctx.db, 'order-reader', ['orders.view']);
  await createRole(t.ctx.db, 'order-clerk', ['orders.manage']);
  reader = await t.signedIn(['order-reader']);
  manager = await t.signedIn(['order-clerk']);
  orderId = (await createOrderFixture(t.ctx.db)).id;
});
afterAll(() => t.close());

describe('read-only order access', () => {
  const reads = () => [
    '/admin/orders',
    `/api/orders/${orderId}`,
    `/api/orders/${orderId}/stock-status`,
    `/admin/orders/${orderId}/documents`,
    `/admin/orders/${orderId}/documents/proforma_invoice/history`,
    `/admin/orders/${orderId}/customer-link-status`,
    '/api/orders/form/reference-data',
    '/admin/orders/export?format=csv',
  ];

  it('lets orders.view read every order screen’s data', async () => {
    for (const url of reads()) {
      const response = await reader.get(url);
      expect(response.statusCode, `${url} ${response.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('lets orders.manage read them too (it implies orders.view)', async () => {
    for (const url of reads()) expect((await manager.get(url)).statusCode, url).toBe(200);
  });

  it('refuses every change to orders.view alone', async () => {
    const writes: [string, string, Record<string, unknown>][] = [
      ['POST', `/admin/orders/${orderId}/add-payment`, {}],
      ['POST', `/api/orders/${orderId}/status`, { delivery_status: 'ready' }],
      ['POST', `/admin/orders/${orderId}/documents/proforma_invoice/generate`, {}],
      ['POST', `/admin/orders/${orderId}/send-customer-link`, {}],
      ['DELETE', `/admin/orders/${orderId}`, {}],
    ];
    for (const [method, url, body] of writes)
      expect((await reader.request({ method: method as 'POST', url, payload: body })).statusCode, url).toBe(
        403,
      );
    expect((await reader.get('/admin/orders/create')).statusCode).toBe(403);
  });

  it('shows the reader the orders in the navigation (the viewer carries the implied permission)', async () => {
    const viewer = (await manager.get('/api/user')).json();
    expect(JSON.stringify(viewer)).toContain('orders.view');
  });
});
