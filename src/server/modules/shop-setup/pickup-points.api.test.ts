import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKUP_POINT_MESSAGES as M } from '../../../contracts/shop-setup';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { pickupPoints } from './shop-setup.tables';

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

const point = (over: Record<string, unknown> = {}) => ({
  name: 'Harbour desk',
  address: '1 Quay Street, Port Louis',
  phone: '+230 5250 9999',
  email: 'harbour@example.test',
  operating_hours: 'Mon–Fri 9–17',
  service_fee: '25.50',
  status: 1,
  ...over,
});

describe('who may use the pickup-point routes', () => {
  const settingsCalls: [string, string, Record<string, unknown>?][] = [
    ['GET', '/api/pickup-points'],
    ['POST', '/api/pickup-points', point()],
    ['PUT', '/api/pickup-points/1', point()],
    ['DELETE', '/api/pickup-points/1'],
  ];
  it.each(settingsCalls)('%s %s: 401 signed out, 403 for staff', async (method, url, body) => {
    const out = await (await guest()).request({ method: method as 'GET', url, payload: body });
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual({ message: 'Unauthenticated.' });
    const denied = await staff.request({ method: method as 'GET', url, payload: body });
    expect(denied.statusCode).toBe(403);
  });

  it('lets staff read the active list for order forms, and nobody signed out', async () => {
    expect((await (await guest()).get('/api/pickup-points/active')).statusCode).toBe(401);
    const customer = await t.signedIn(['customer']);
    expect((await customer.get('/api/pickup-points/active')).statusCode).toBe(403);
    expect((await staff.get('/api/pickup-points/active')).statusCode).toBe(200);
  });
});

describe('pickup points', () => {
  it('creates a point with its fields, money as a number, and an audit row', async () => {
    const created = await admin.post('/api/pickup-points', point());
    expect(created.statusCode).toBe(200);
    const reply = created.json();
    expect(reply).toMatchObject({ success: true, message: M.created });
    expect(reply.data).toMatchObject({
      name: 'Harbour desk',
      address: '1 Quay Street, Port Louis',
      phone: '+230 5250 9999',
      email: 'harbour@example.test',
      operating_hours: 'Mon–Fri 9–17',
      service_fee: 25.5,
      status: 1,
    });
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'pickup_point.created'));
    expect(rows.some((r) => r.subjectId === String(reply.data.id))).toBe(true);
  });

  it('defaults the service fee to 0 and the status to 1, and keeps empty optional fields null', async () => {
    const created = await admin.post('/api/pickup-points', {
      name: 'Plain point',
      address: 'Somewhere',
      phone: '',
      email: '',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ service_fee: 0, status: 1, phone: null, email: null });
  });

  it('answers 422 with every field message', async () => {
    const refused = await admin.post('/api/pickup-points', {
      name: ' ',
      address: '',
      email: 'not-an-email',
      service_fee: -1,
      status: 3,
    });
    expect(refused.statusCode).toBe(422);
    const { errors } = refused.json();
    expect(errors.name).toEqual([M.nameRequired]);
    expect(errors.address).toEqual([M.addressRequired]);
    expect(errors.email).toEqual([M.email]);
    expect(errors.service_fee).toEqual([M.serviceFee]);
    expect(errors.status).toEqual([M.status]);
  });

  it('updates, including by POST with _method=PUT, and answers 404 for a missing point', async () => {
    const { data } = (await admin.post('/api/pickup-points', point({ name: 'To edit' }))).json();
    const updated = await admin.put(`/api/pickup-points/${data.id}`, point({ name: 'Edited', status: 0 }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      success: true,
      message: M.updated,
      data: { name: 'Edited', status: 0 },
    });
    const overridden = await admin.post(`/api/pickup-points/${data.id}`, {
      ...point({ name: 'Overridden' }),
      _method: 'PUT',
    });
    expect(overridden.json().data.name).toBe('Overridden');
    const missing = await admin.put('/api/pickup-points/999999', point());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.notFound);
  });

  it('pages 10 at a time, searches and lists only active points as active', async () => {
    for (let i = 0; i < 11; i++) {
      await admin.post(
        '/api/pickup-points',
        point({ name: `Paged point ${String(i).padStart(2, '0')}`, status: i % 2 }),
      );
    }
    const first = (await admin.get('/api/pickup-points?search=Paged')).json();
    expect(first).toMatchObject({ current_page: 1, per_page: 10, total: 11, last_page: 2, from: 1, to: 10 });
    expect(first.data[0].name).toBe('Paged point 00');
    const second = (await admin.get('/api/pickup-points?search=Paged&page=2')).json();
    expect(second.data.map((p: { name: string }) => p.name)).toEqual(['Paged point 10']);
    const inactive = (await admin.get('/api/pickup-points?search=Paged&status=0')).json();
    expect(inactive.total).toBe(6);

    const active = (await admin.get('/api/pickup-points/active')).json();
    expect(active.pickup_points.length).toBeGreaterThan(0);
    expect(active.pickup_points.every((p: { status: number }) => p.status === 1)).toBe(true);
  });

  it('deletes with a message, then answers 404', async () => {
    const { data } = (await admin.post('/api/pickup-points', point({ name: 'To delete' }))).json();
    const deleted = await admin.delete(`/api/pickup-points/${data.id}`);
    expect(deleted.json()).toEqual({ success: true, message: M.deleted });
    expect(await t.ctx.db.select().from(pickupPoints).where(eq(pickupPoints.id, data.id))).toEqual([]);
    expect((await admin.delete(`/api/pickup-points/${data.id}`)).statusCode).toBe(404);
    expect((await admin.delete('/api/pickup-points/abc')).statusCode).toBe(404);
  });
});
