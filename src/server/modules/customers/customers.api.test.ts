import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES as M } from '../../../contracts/orders';
import { USER_MESSAGES } from '../../../domain/accounts/user-rules';
import { createUser } from '../../../test/factories';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { users } from '../../platform/auth/auth.tables';
import { userAddresses } from '../accounts/accounts.tables';

let t: TestApp;
let staff: Agent;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signedIn(['staff']);
});
afterAll(() => t.close());

async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit();
  return agent;
}

const person = (over: Record<string, unknown> = {}) => ({
  user_type: 'individual',
  first_name: 'Nadia',
  last_name: 'Perrin',
  email: 'nadia.perrin@example.test',
  phone: '+230 5 123 4567',
  address: '12 Royal Road, Curepipe',
  ...over,
});

describe('who may use the customer routes', () => {
  const calls: [string, string, Record<string, unknown>?][] = [
    ['GET', '/api/customers?search=na'],
    ['POST', '/api/customers', person()],
    ['PUT', '/api/customers/1/profile', person()],
    ['POST', '/api/users/1/ensure-customer-role'],
  ];
  it.each(calls)('%s %s: 401 signed out, 403 for a customer', async (method, url, body) => {
    const out = await (await guest()).request({ method: method as 'GET', url, payload: body });
    expect(out.statusCode).toBe(401);
    const customer = await t.signedIn(['customer']);
    expect((await customer.request({ method: method as 'GET', url, payload: body })).statusCode).toBe(403);
  });
});

describe('POST /api/customers', () => {
  it('creates a customer without a password, with the address as default delivery address', async () => {
    const response = await staff.post('/api/customers', person());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: M.customerCreated });
    expect(body.data).toEqual({
      id: expect.any(Number),
      first_name: 'Nadia',
      last_name: 'Perrin',
      email: 'nadia.perrin@example.test',
      phone: '+230 5 123 4567',
      mobile: null,
      user_type: 'individual',
      company_name: null,
      company_registration_number: null,
      vat_number: null,
      roles: ['customer'],
      address: '12 Royal Road, Curepipe',
    });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, body.data.id));
    expect(user!.passwordHash).toBeNull();
    const [address] = await t.ctx.db
      .select()
      .from(userAddresses)
      .where(eq(userAddresses.userId, body.data.id));
    expect(address).toMatchObject({ addressType: 'delivery', isDefault: true });
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.created'), eq(auditLog.subjectId, String(body.data.id))));
    expect(entry).toBeDefined();
  });

  it('answers 422 "The email has already been taken." for a used e-mail', async () => {
    const response = await staff.post('/api/customers', person({ email: 'NADIA.perrin@example.test' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual(['The email has already been taken.']);
  });

  it('gives a customer without an e-mail an address that receives no mail', async () => {
    const first = await staff.post(
      '/api/customers',
      person({ email: '', first_name: 'Walk', last_name: 'In' }),
    );
    const second = await staff.post(
      '/api/customers',
      person({ email: null, first_name: 'Phone', last_name: 'Order' }),
    );
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json().data.email).toMatch(/^customer-[0-9a-f-]{36}@no-email\.invalid$/);
    expect(first.json().data.email).not.toBe(second.json().data.email);
  });

  it('answers 422 with the spec 1 §5 messages', async () => {
    const individual = await staff.post('/api/customers', { user_type: 'individual', email: 'bad' });
    expect(individual.statusCode).toBe(422);
    expect(individual.json().errors).toMatchObject({
      first_name: [M.firstNameRequired],
      last_name: [M.lastNameRequired],
      email: [M.email],
    });
    const company = await staff.post('/api/customers', { user_type: 'company', email: 'co@example.test' });
    expect(company.json().errors).toEqual({ company_name: [M.companyNameRequired] });
  });

  it('keeps a company customer’s company fields', async () => {
    const response = await staff.post(
      '/api/customers',
      person({
        user_type: 'company',
        company_name: 'Blue Bay Ltd',
        vat_number: 'VAT9',
        email: 'bb@example.test',
      }),
    );
    expect(response.json().data).toMatchObject({
      user_type: 'company',
      company_name: 'Blue Bay Ltd',
      vat_number: 'VAT9',
    });
  });
});

describe('PUT /api/customers/:id/profile', () => {
  it('updates the profile and address, clears company fields of an individual, audits what changed', async () => {
    const created = (
      await staff.post(
        '/api/customers',
        person({ user_type: 'company', company_name: 'Old Co', email: 'oldco@example.test' }),
      )
    ).json().data;
    const response = await staff.put(
      `/api/customers/${created.id}/profile`,
      person({ email: 'new.mail@example.test', company_name: 'Ignored', address: '1 New Street' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: M.customerUpdated });
    expect(response.json().data).toMatchObject({
      user_type: 'individual',
      company_name: null,
      email: 'new.mail@example.test',
      address: '1 New Street',
    });
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.updated'), eq(auditLog.subjectId, String(created.id))));
    expect(entry!.data).toMatchObject({
      email: { from: 'oldco@example.test', to: 'new.mail@example.test' },
      company_name: { from: 'Old Co', to: null },
    });
  });

  it('keeps the e-mail when none is sent, refuses one another user has', async () => {
    const created = (await staff.post('/api/customers', person({ email: 'keep@example.test' }))).json().data;
    const kept = await staff.put(`/api/customers/${created.id}/profile`, person({ email: '' }));
    expect(kept.json().data.email).toBe('keep@example.test');
    const taken = await staff.put(
      `/api/customers/${created.id}/profile`,
      person({ email: 'nadia.perrin@example.test' }),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['The email has already been taken.']);
  });

  it('requires company info from a partner', async () => {
    const partner = await createUser(t.ctx.db, {
      roles: ['partner'],
      userType: 'company',
      companyName: 'Partner Co',
    });
    const response = await staff.put(
      `/api/customers/${partner.id}/profile`,
      person({ email: partner.email }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.user_type).toEqual([USER_MESSAGES.companyRoles]);
  });

  it('answers 404 for a missing user', async () => {
    expect((await staff.put('/api/customers/999999/profile', person())).statusCode).toBe(404);
  });
});

describe('GET /api/customers?search=', () => {
  it('finds users with customer-side roles by name, e-mail or company; needs 2 characters', async () => {
    await createUser(t.ctx.db, { roles: ['patient'], firstName: 'Quentin', lastName: 'Zed' });
    await createUser(t.ctx.db, { roles: ['staff'], firstName: 'Quentin', lastName: 'Staffer' });
    const found = (await staff.get('/api/customers?search=quentin')).json();
    expect(found.data.map((c: { last_name: string }) => c.last_name)).toEqual(['Zed']);
    expect(found.data[0].roles).toEqual(['patient']);
    expect((await staff.get('/api/customers?search=q')).json()).toEqual({ data: [] });
    expect((await staff.get('/api/customers')).json()).toEqual({ data: [] });
  });

  it('answers at most 20', async () => {
    for (let i = 0; i < 22; i += 1) await createUser(t.ctx.db, { firstName: 'Manyname', lastName: `N${i}` });
    expect((await staff.get('/api/customers?search=manyname')).json().data).toHaveLength(20);
  });
});

describe('POST /api/users/:id/ensure-customer-role', () => {
  it('adds the customer role once, keeps the others, audits the change', async () => {
    const patient = await createUser(t.ctx.db, { roles: ['patient'] });
    const response = await staff.post(`/api/users/${patient.id}/ensure-customer-role`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { roles: ['customer', 'patient'] } });
    const again = await staff.post(`/api/users/${patient.id}/ensure-customer-role`);
    expect(again.json().data.roles).toEqual(['customer', 'patient']);
    const entries = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'user.customer_role_added'), eq(auditLog.subjectId, String(patient.id))),
      );
    expect(entries).toHaveLength(1);
  });

  it('answers 404 for a missing user', async () => {
    expect((await staff.post('/api/users/999999/ensure-customer-role')).statusCode).toBe(404);
  });
});
