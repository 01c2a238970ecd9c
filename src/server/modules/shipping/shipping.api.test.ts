import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_MESSAGES as M } from '../../../contracts/shipping';
import { createProduct } from '../../../test/factories';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { countries, shippingZoneRates } from './shipping.tables';

let t: TestApp;
let admin: Agent;
let staff: Agent;
let customer: Agent;
let guest: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
  customer = await t.signedIn(['customer']);
  guest = t.agent();
  await guest.visit();
});
afterAll(() => t.close());

let counter = 0;
const named = (prefix: string) => `${prefix} ${++counter}`;
/** A country code no other test of this file uses (letters only). */
const code = () => {
  const n = ++counter;
  return `${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}${String.fromCharCode(65 + (n % 26))}X`;
};

async function ok<T = { id: number; name: string }>(
  agent: Agent,
  url: string,
  body: Record<string, unknown>,
): Promise<T & { id: number; name: string }> {
  const response = await agent.post(url, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T & { id: number; name: string };
}

const country = (fields: Record<string, unknown> = {}) =>
  ok<{ code: string; zone_id: number | null }>(admin, '/admin/countries', {
    name: named('Country'),
    code: code(),
    ...fields,
  });
const state = (countryId: number, fields: Record<string, unknown> = {}) =>
  ok(admin, '/admin/states', { name: named('State'), country_id: countryId, ...fields });
const city = (stateId: number, fields: Record<string, unknown> = {}) =>
  ok<{ cost: number }>(admin, '/admin/cities', { name: named('City'), state_id: stateId, ...fields });
const method = (fields: Record<string, unknown> = {}) =>
  ok<{ price: number }>(admin, '/api/shipping-methods', { name: named('Method'), price: 10, ...fields });

async function auditRows(action: string, subjectId: number) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, String(subjectId))));
}

describe('countries, states and cities', () => {
  it('creates, updates by POST with _method=PUT, lists and deletes a country, with audit rows', async () => {
    const created = await country({ name: named('Mauritius'), code: 'mu' });
    expect(created).toMatchObject({ code: 'MU', status: 1, zone_id: null, states_count: 0 });
    expect(await auditRows('country.created', created.id)).toHaveLength(1);

    const updated = await admin.post(`/admin/countries/${created.id}`, {
      _method: 'PUT',
      name: 'Mauritius (updated)',
      code: 'MU',
      status: 0,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      message: M.countryUpdated,
      data: { name: 'Mauritius (updated)', status: 0 },
    });
    const [audit] = await auditRows('country.updated', created.id);
    expect(audit!.data).toEqual({
      name: { from: created.name, to: 'Mauritius (updated)' },
      status: { from: 1, to: 0 },
    });

    const list = await admin.get('/api/countries?search=Mauritius');
    expect(list.json()).toMatchObject({ current_page: 1, per_page: 10, total: 1 });

    const removed = await admin.delete(`/admin/countries/${created.id}`);
    expect(removed.json()).toMatchObject({ success: true, message: M.countryDeleted });
    expect((await admin.delete(`/admin/countries/${created.id}`)).statusCode).toBe(404);
  });

  it('answers 422 with plain messages', async () => {
    const empty = await admin.post('/admin/countries', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: [M.nameRequired], code: [M.codeRequired] });

    const bad = await admin.post('/admin/countries', { name: 'X', code: 'M1', status: 5 });
    expect(bad.json().errors).toEqual({ code: [M.code], status: [M.status] });

    const taken = await country();
    const twice = await admin.post('/admin/countries', { name: named('Other'), code: taken.code });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ code: [M.codeTaken] });
    const sameName = await admin.post('/admin/countries', { name: taken.name.toUpperCase(), code: code() });
    expect(sameName.json().errors).toEqual({ name: [M.countryNameTaken] });

    const noCountry = await admin.post('/admin/states', { name: 'S' });
    expect(noCountry.json().errors).toEqual({ country_id: [M.countryRequired] });
    const unknown = await admin.post('/admin/states', { name: 'S', country_id: 999999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ country_id: [M.countryUnknown] });

    const s = await state(taken.id);
    const cost = await admin.post('/admin/cities', { name: 'C', state_id: s.id, cost: -1 });
    expect(cost.json().errors).toEqual({ cost: [M.amount('cost')] });
    const noState = await admin.post('/admin/cities', { name: 'C' });
    expect(noState.json().errors).toEqual({ state_id: [M.stateRequired] });
  });

  it('lets only settings managers change locations: 401 for guests, 403 for staff and customers', async () => {
    const c = await country();
    for (const [agent, status] of [
      [guest, 401],
      [staff, 403],
      [customer, 403],
    ] as const) {
      expect((await agent.post('/admin/countries', { name: 'Nope', code: 'NOP' })).statusCode).toBe(status);
      expect(
        (await agent.post(`/admin/countries/${c.id}`, { _method: 'PUT', name: 'N', code: 'NO' })).statusCode,
      ).toBe(status);
      expect((await agent.delete(`/admin/countries/${c.id}`)).statusCode).toBe(status);
      expect((await agent.post('/admin/states', { name: 'S', country_id: c.id })).statusCode).toBe(status);
      expect((await agent.post('/admin/cities', { name: 'C', state_id: 1 })).statusCode).toBe(status);
    }
  });

  it('pages by 10, filters states by country and cities by state, and gives plain lists', async () => {
    const c = await country();
    const other = await country();
    const states = [];
    for (let i = 0; i < 12; i += 1)
      states.push(await state(c.id, { name: `Filter state ${String(i).padStart(2, '0')}` }));
    await state(other.id);

    const page2 = await admin.get(`/api/states?country_id=${c.id}&page=2`);
    expect(page2.json()).toMatchObject({
      current_page: 2,
      last_page: 2,
      per_page: 10,
      total: 12,
      from: 11,
      to: 12,
    });

    const simple = await guest.get(`/api/states?simple_list=true&country_id=${c.id}`);
    expect(simple.statusCode).toBe(200);
    expect(simple.json().data).toHaveLength(12);
    expect(simple.json().total).toBeUndefined();

    await city(states[0]!.id, { name: 'Town A', cost: '12.5' });
    await city(states[1]!.id, { name: 'Town B' });
    const cities = await admin.get(`/api/cities?state_id=${states[0]!.id}`);
    expect(cities.json().data).toEqual([
      expect.objectContaining({
        name: 'Town A',
        cost: 12.5,
        state_id: states[0]!.id,
        country_id: c.id,
        status: 1,
      }),
    ]);

    const countriesList = await guest.get('/api/countries?simple_list=true');
    expect(countriesList.json().data.map((r: { id: number }) => r.id)).toContain(c.id);
  });

  it('hides inactive locations from guests and staff, not from settings managers', async () => {
    const hidden = await country({ status: 0 });
    const s = await state(hidden.id);
    const seen = async (agent: Agent) =>
      (await agent.get('/api/countries?simple_list=true'))
        .json()
        .data.some((r: { id: number }) => r.id === hidden.id);
    expect(await seen(admin)).toBe(true);
    expect(await seen(guest)).toBe(false);
    expect(await seen(staff)).toBe(false);
    expect((await guest.get(`/api/states?simple_list=1&country_id=${hidden.id}`)).json().data).toEqual([]);
    expect((await admin.get(`/api/states?simple_list=1&country_id=${hidden.id}`)).json().data[0].id).toBe(
      s.id,
    );
  });

  it('refuses to delete a country with states or a state with cities (409)', async () => {
    const c = await country();
    const s = await state(c.id);
    const town = await city(s.id);
    const refused = await admin.delete(`/admin/countries/${c.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.countryHasStates(1));
    const refusedState = await admin.post(`/admin/states/${s.id}`, { _method: 'DELETE' });
    expect(refusedState.statusCode).toBe(409);
    expect(refusedState.json().message).toBe(M.stateHasCities(1));

    expect((await admin.delete(`/admin/cities/${town.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/admin/states/${s.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/admin/countries/${c.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for records that do not exist, and for ids that cannot exist', async () => {
    expect(
      (await admin.post('/admin/cities/999999', { _method: 'PUT', name: 'X', state_id: 1 })).statusCode,
    ).toBe(404);
    expect((await admin.delete('/admin/states/999999')).statusCode).toBe(404);
    expect((await admin.delete('/admin/cities/abc')).statusCode).toBe(404);
  });
});

describe('shipping methods', () => {
  it('creates with the defaults, updates, lists and deletes, with audit rows', async () => {
    const created = await method({ name: named('Standard'), price: '4.5' });
    expect(created).toMatchObject({
      price: 4.5,
      enabled: true,
      min_order_amount: null,
      max_order_amount: null,
      estimated_days_min: 1,
      estimated_days_max: 3,
      price_per_kg: 0,
      zones_count: 0,
    });
    const updated = await admin.put(`/api/shipping-methods/${created.id}`, {
      name: created.name,
      price: 5,
      enabled: false,
      min_order_amount: 10,
      max_order_amount: '100',
      price_per_kg: 1.25,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      enabled: false,
      min_order_amount: 10,
      max_order_amount: 100,
      price_per_kg: 1.25,
    });
    expect(await auditRows('shipping_method.updated', created.id)).toHaveLength(1);

    const list = await admin.get('/api/shipping-methods');
    expect(list.json().shipping_methods.map((m: { id: number }) => m.id)).toContain(created.id);

    const removed = await admin.delete(`/api/shipping-methods/${created.id}`);
    expect(removed.json()).toMatchObject({ success: true, message: M.methodDeleted });
    expect(await auditRows('shipping_method.deleted', created.id)).toHaveLength(1);
    expect((await admin.delete(`/api/shipping-methods/${created.id}`)).statusCode).toBe(404);
  });

  it('answers 422 with plain messages', async () => {
    const response = await admin.post('/api/shipping-methods', {
      name: ' ',
      price: 'abc',
      estimated_days_min: 5,
      estimated_days_max: 2,
      min_order_amount: 50,
      max_order_amount: 10,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: [M.nameRequired],
      price: [M.amount('price')],
    });
    const order = await admin.post('/api/shipping-methods', {
      name: named('M'),
      estimated_days_min: 5,
      estimated_days_max: 2,
      min_order_amount: 50,
      max_order_amount: 10,
    });
    expect(order.json().errors).toEqual({
      estimated_days_max: [M.daysOrder],
      max_order_amount: [M.amountOrder],
    });
    const existing = await method();
    const twice = await admin.post('/api/shipping-methods', { name: existing.name.toLowerCase() });
    expect(twice.json().errors).toEqual({ name: [M.methodNameTaken] });
  });

  it('needs settings.manage for the list and changes; the available list is public', async () => {
    const m = await method();
    for (const [agent, status] of [
      [guest, 401],
      [staff, 403],
    ] as const) {
      expect((await agent.get('/api/shipping-methods')).statusCode).toBe(status);
      expect((await agent.post('/api/shipping-methods', { name: 'X' })).statusCode).toBe(status);
      expect((await agent.put(`/api/shipping-methods/${m.id}`, { name: 'X' })).statusCode).toBe(status);
      expect((await agent.delete(`/api/shipping-methods/${m.id}`)).statusCode).toBe(status);
      expect((await agent.get('/api/shipping-methods/available?cart_total=10')).statusCode).toBe(200);
    }
  });

  it('offers only enabled methods whose order amounts hold the cart total', async () => {
    const small = await method({ max_order_amount: 50 });
    const big = await method({ min_order_amount: 100 });
    const off = await method({ enabled: false });
    const ids = async (total: string) =>
      (await guest.get(`/api/shipping-methods/available?cart_total=${total}`))
        .json()
        .shipping_methods.map((m: { id: number }) => m.id);
    expect(await ids('50')).toEqual(expect.arrayContaining([small.id]));
    expect(await ids('50')).not.toContain(big.id);
    expect(await ids('100')).toContain(big.id);
    expect(await ids('100')).not.toContain(small.id);
    expect(await ids('100')).not.toContain(off.id);
    const bad = await guest.get('/api/shipping-methods/available?cart_total=-3');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ cart_total: [M.cartTotal] });
  });

  it('takes the zones’ rates for a deleted method with it', async () => {
    const m = await method();
    const zone = await ok(admin, '/api/shipping-zones', {
      name: named('Zone'),
      shipping_rates: [{ method_id: m.id, rate: 3 }],
    });
    expect((await admin.delete(`/api/shipping-methods/${m.id}`)).json().data.zone_rates_removed).toBe(1);
    const rows = await t.ctx.db.select().from(shippingZoneRates).where(eq(shippingZoneRates.zoneId, zone.id));
    expect(rows).toEqual([]);
  });
});

describe('shipping zones', () => {
  it('creates and updates a zone with countries, states and rates; countries point at it', async () => {
    const c1 = await country();
    const c2 = await country();
    const s = await state(c2.id);
    const m = await method();
    const created = await ok<{ countries: unknown[]; states: unknown[]; shipping_rates: unknown[] }>(
      admin,
      '/api/shipping-zones',
      {
        name: named('Islands'),
        description: 'Off the mainland',
        countries: [c1.id],
        states: [s.id],
        shipping_rates: [{ method_id: m.id, rate: '7.25' }],
      },
    );
    expect(created).toMatchObject({
      enabled: true,
      countries: [{ id: c1.id, name: c1.name, code: c1.code }],
      states: [{ id: s.id, country_id: c2.id }],
      shipping_rates: [{ method_id: m.id, method_name: expect.any(String), rate: 7.25 }],
    });
    const [row] = await t.ctx.db.select().from(countries).where(eq(countries.id, c1.id));
    expect(row!.zoneId).toBe(created.id);

    const updated = await admin.post(`/api/shipping-zones/${created.id}`, {
      _method: 'PUT',
      name: created.name,
      countries: [c2.id],
      shipping_rates: [],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ countries: [{ id: c2.id }], states: [], shipping_rates: [] });
    const [after] = await t.ctx.db.select().from(countries).where(eq(countries.id, c1.id));
    expect(after!.zoneId).toBeNull();

    const list = await admin.get('/api/shipping-zones');
    expect(list.json().zones.map((z: { id: number }) => z.id)).toContain(created.id);
    expect((await admin.get(`/api/shipping-zones/${created.id}`)).json().data.id).toBe(created.id);

    expect((await admin.delete(`/api/shipping-zones/${created.id}`)).json().message).toBe(M.zoneDeleted);
    expect(await auditRows('shipping_zone.deleted', created.id)).toHaveLength(1);
    expect((await admin.get(`/api/shipping-zones/${created.id}`)).statusCode).toBe(404);
  });

  it('answers 422 for unknown countries, states and methods, and twice the same method', async () => {
    const m = await method();
    const response = await admin.post('/api/shipping-zones', {
      name: named('Z'),
      countries: [999999],
      states: [999999],
      shipping_rates: [{ method_id: 999999, rate: 1 }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      countries: [M.countryUnknown],
      states: [M.stateUnknown],
      'shipping_rates.0.method_id': [M.rateMethodUnknown],
    });
    const twice = await admin.post('/api/shipping-zones', {
      name: named('Z'),
      shipping_rates: [
        { method_id: m.id, rate: 1 },
        { method_id: m.id, rate: -2 },
      ],
    });
    expect(twice.json().errors).toEqual({
      'shipping_rates.1.method_id': [M.rateDuplicate],
      'shipping_rates.1.rate': [M.amount('rate')],
    });
    const noName = await admin.post('/api/shipping-zones', {});
    expect(noName.json().errors).toEqual({ name: [M.nameRequired] });
  });

  it('needs settings.manage for zones and location data; the rate is public', async () => {
    const m = await method({ price: 8 });
    for (const [agent, status] of [
      [guest, 401],
      [staff, 403],
    ] as const) {
      expect((await agent.get('/api/shipping-zones')).statusCode).toBe(status);
      expect((await agent.get('/api/shipping-zones/location-data')).statusCode).toBe(status);
      expect((await agent.post('/api/shipping-zones', { name: 'Z' })).statusCode).toBe(status);
      expect((await agent.put('/api/shipping-zones/1', { name: 'Z' })).statusCode).toBe(status);
      expect((await agent.delete('/api/shipping-zones/1')).statusCode).toBe(status);
      const rate = await agent.get(`/api/shipping-zones/rate?method_id=${m.id}&country_id=999`);
      expect(rate.statusCode).toBe(200);
      expect(rate.json()).toMatchObject({ rate: 8, zone_id: null, from_zone: false });
    }
  });

  it('gives location data and the rate of the zone an address lies in (a state zone wins)', async () => {
    const c = await country();
    const s = await state(c.id);
    const m = await method({ price: 10 });
    const countryZone = await ok(admin, '/api/shipping-zones', {
      name: named('Country zone'),
      countries: [c.id],
      shipping_rates: [{ method_id: m.id, rate: 6 }],
    });
    const stateZone = await ok(admin, '/api/shipping-zones', {
      name: named('State zone'),
      states: [s.id],
      shipping_rates: [{ method_id: m.id, rate: 9 }],
    });
    const data = (await admin.get('/api/shipping-zones/location-data')).json();
    expect(data.countries).toContainEqual({ id: c.id, name: c.name, code: c.code });
    expect(data.states).toContainEqual({ id: s.id, name: s.name, country_id: c.id });

    const byCountry = await guest.get(`/api/shipping-zones/rate?country_id=${c.id}&method_id=${m.id}`);
    expect(byCountry.json()).toMatchObject({ rate: 6, zone_id: countryZone.id, from_zone: true });
    const byState = await guest.get(
      `/api/shipping-zones/rate?country_id=${c.id}&state_id=${s.id}&method_id=${m.id}`,
    );
    expect(byState.json()).toMatchObject({ rate: 9, zone_id: stateZone.id, zone_name: stateZone.name });
    const missing = await guest.get('/api/shipping-zones/rate?method_id=999999');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ method_id: [M.methodUnknown] });
    const noMethod = await guest.get('/api/shipping-zones/rate');
    expect(noMethod.json().errors).toEqual({ method_id: [M.methodRequired] });
  });
});

describe('POST /api/shipping-methods/calculate', () => {
  it('adds the zone rate, the price per kg and the city cost, through the shipping rule', async () => {
    const c = await country();
    const s = await state(c.id);
    const town = await city(s.id, { cost: '2.50' });
    const m = await method({ price: 20, price_per_kg: '1.10' });
    const zone = await ok(admin, '/api/shipping-zones', {
      name: named('Zone'),
      countries: [c.id],
      shipping_rates: [{ method_id: m.id, rate: 12 }],
    });
    const response = await guest.post('/api/shipping-methods/calculate', {
      cart_total: '100.00',
      cart_weight: 2.5,
      country_id: c.id,
      state_id: s.id,
      city_id: town.id,
      shipping_method_id: m.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    // 12 (zone) + 1.10 × 2.5 = 2.75 + 2.50 (city) = 17.25
    expect(response.json()).toMatchObject({
      success: true,
      subtotal: 100,
      tax: 0,
      shipping_cost: 17.25,
      total: 117.25,
      breakdown: { base: 12, weight: 2.75, city: 2.5, zone_id: zone.id, free_shipping: false },
      shipping_method: { id: m.id, estimated_days_min: 1, estimated_days_max: 3 },
    });

    // Outside the zone: the method's own price; the city alone gives state and country.
    const other = await country();
    const otherState = await state(other.id);
    const outside = await customer.post('/api/shipping-methods/calculate', {
      cart_total: 100,
      shipping_method_id: m.id,
      state_id: otherState.id,
    });
    expect(outside.json()).toMatchObject({ shipping_cost: 20, breakdown: { zone_id: null } });
    const byCity = await customer.post('/api/shipping-methods/calculate', {
      cart_total: 100,
      shipping_method_id: m.id,
      city_id: town.id,
    });
    expect(byCity.json()).toMatchObject({ shipping_cost: 14.5, breakdown: { zone_id: zone.id, city: 2.5 } });
  });

  it('is free when every item ships free, and weighs items from the catalogue', async () => {
    const m = await method({ price: 5, price_per_kg: 2 });
    const free1 = await createProduct(t.ctx.db, { isFreeShipping: true, weight: '1.000' });
    const free2 = await createProduct(t.ctx.db, { isFreeShipping: true, weight: '3.000' });
    const paid = await createProduct(t.ctx.db, { weight: '0.250' });
    const free = await guest.post('/api/shipping-methods/calculate', {
      items: [
        { product_id: free1.id, quantity: 1 },
        { product_id: free2.id, quantity: 2 },
      ],
      cart_total: 40,
      cart_weight: 99,
      shipping_method_id: m.id,
    });
    expect(free.json()).toMatchObject({ shipping_cost: 0, total: 40, breakdown: { free_shipping: true } });
    const mixed = await guest.post('/api/shipping-methods/calculate', {
      items: [
        { product_id: free1.id, quantity: 1 },
        { product_id: paid.id, quantity: 4 },
      ],
      cart_total: 40,
      cart_weight: 99,
      shipping_method_id: m.id,
    });
    // 5 + 2 × (1 + 4 × 0.25) = 9: the sent cart_weight is ignored when items are sent.
    expect(mixed.json()).toMatchObject({ shipping_cost: 9, breakdown: { weight: 4, free_shipping: false } });
  });

  it('answers 422 with plain messages, never a 500', async () => {
    const c = await country();
    const s = await state(c.id);
    const otherState = await state((await country()).id);
    const town = await city(s.id);
    const m = await method({ min_order_amount: 50 });
    const post = (body: Record<string, unknown>) => guest.post('/api/shipping-methods/calculate', body);

    const empty = await post({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      cart_total: [M.amount('cart total')],
      shipping_method_id: [M.methodRequired],
    });
    expect((await post({ cart_total: 10, shipping_method_id: 999999 })).json().errors).toEqual({
      shipping_method_id: [M.methodUnknown],
    });
    expect((await post({ cart_total: 10, shipping_method_id: m.id })).json().errors).toEqual({
      shipping_method_id: [M.methodUnavailable],
    });
    expect(
      (
        await post({ cart_total: 60, shipping_method_id: m.id, state_id: otherState.id, city_id: town.id })
      ).json().errors,
    ).toEqual({ city_id: [M.cityNotInState] });
    expect(
      (
        await post({ cart_total: 60, shipping_method_id: m.id, country_id: c.id, state_id: otherState.id })
      ).json().errors,
    ).toEqual({
      state_id: [M.stateNotInCountry],
    });
    expect((await post({ cart_total: 60, shipping_method_id: m.id, city_id: 999999 })).json().errors).toEqual(
      {
        city_id: [M.cityUnknown],
      },
    );
    expect((await post({ cart_total: 60, cart_weight: -1, shipping_method_id: m.id })).json().errors).toEqual(
      {
        cart_weight: [M.weight],
      },
    );
    const unknownItem = await post({
      cart_total: 60,
      shipping_method_id: m.id,
      items: [{ product_id: 999999, quantity: 1 }],
    });
    expect(unknownItem.statusCode).toBe(422);
    expect(Object.keys(unknownItem.json().errors)).toEqual(['items.0.product_id']);
    expect((await post({ cart_total: 60, shipping_method_id: m.id, items: 'x' })).statusCode).toBe(422);
  });

  it('checks the CSRF token like every mutating call (419 without it)', async () => {
    const response = await guest.request({
      method: 'POST',
      url: '/api/shipping-methods/calculate',
      payload: { cart_total: 1, shipping_method_id: 1 },
      csrf: false,
    });
    expect(response.statusCode).toBe(419);
  });
});
