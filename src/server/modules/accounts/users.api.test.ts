import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, USER_SCREEN_MESSAGES, type UserReply } from '../../../contracts/accounts';
import { ROLE_DESCRIPTIONS, ROLES } from '../../../domain/access/roles';
import { USER_MESSAGES } from '../../../domain/accounts/user-rules';
import { createUser } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { readWorkbook } from '../../../test/xlsx';
import { auditLog } from '../../platform/audit/audit.tables';
import { sessions, users } from '../../platform/auth/auth.tables';

let t: TestApp;
let admin: Agent & { user: { id: number; email: string } };
let staff: Agent;
let tag = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
});
afterAll(() => t.close());

/** A word no other test of this file uses, to scope searches. */
function uniqueWord(): string {
  tag += 1;
  return `zq${Date.now().toString(36)}x${tag}`;
}

function companyBody(overrides: Record<string, unknown> = {}) {
  const word = uniqueWord();
  return {
    user_type: 'company',
    company_name: `Lagoon ${word} Ltd`,
    company_registration_number: 'C0712345',
    vat_number: 'VAT-20451',
    first_name: 'Priya',
    last_name: 'Ramdin',
    email: `${word}@example.test`,
    phone: '+230 5250 1111',
    mobile: '5250 2222',
    roles: ['partner', 'customer'],
    password: 'a-long-password',
    password_confirmation: 'a-long-password',
    address_type: 'delivery',
    address: '12 Royal Road',
    city: 'Port Louis',
    state: 'Port Louis',
    postal_code: '11328',
    country: 'Mauritius',
    notes: 'Met at the trade fair',
    ...overrides,
  };
}

function individualBody(overrides: Record<string, unknown> = {}) {
  const word = uniqueWord();
  return {
    user_type: 'individual',
    first_name: 'Ana',
    last_name: word,
    email: `${word}@example.test`,
    roles: ['customer'],
    password: 'a-long-password',
    password_confirmation: 'a-long-password',
    ...overrides,
  };
}

async function created(body: Record<string, unknown>): Promise<UserReply> {
  const response = await admin.post('/admin/users', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

function expect422(response: LightMyRequestResponse, errors: Record<string, string[]>) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json().errors).toMatchObject(errors);
}

async function lastAudit(userId: number) {
  const [row] = await t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, String(userId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('GET /api/users', () => {
  it('answers a page of users with roles, default address and the paging fields', async () => {
    const word = uniqueWord();
    for (let i = 0; i < 17; i += 1) {
      await createUser(t.ctx.db, {
        lastName: `${word} ${String(i).padStart(2, '0')}`,
        address: { address: `${i} Main Road`, city: 'Curepipe' },
      });
    }
    const first = await admin.get(`/api/users?search=${word}`);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page).toMatchObject({ current_page: 1, last_page: 2, per_page: 15, total: 17, from: 1, to: 15 });
    expect(page.data).toHaveLength(15);
    expect(page.data[0]).toMatchObject({ roles: ['customer'], city: 'Curepipe', account_status: 'active' });
    expect(page.data[0]).not.toHaveProperty('password_hash');
    expect(page.data[0]).not.toHaveProperty('passwordHash');

    const second = (await admin.get(`/api/users?search=${word}&page=2`)).json();
    expect(second).toMatchObject({ current_page: 2, from: 16, to: 17, total: 17 });
    const ids = [...page.data, ...second.data].map((u: UserReply) => u.id);
    expect(new Set(ids).size).toBe(17);

    const sorted = (
      await admin.get(`/api/users?search=${word}&sort=last_name&direction=asc&per_page=5`)
    ).json();
    expect(sorted.data.map((u: UserReply) => u.last_name)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `${word} ${String(i).padStart(2, '0')}`),
    );
    const reversed = (
      await admin.get(`/api/users?search=${word}&sort=last_name&direction=desc&per_page=2`)
    ).json();
    expect(reversed.data.map((u: UserReply) => u.last_name)).toEqual([`${word} 16`, `${word} 15`]);
  });

  it('searches name, email, phone and company, and filters by role and account status', async () => {
    const word = uniqueWord();
    const company = await createUser(t.ctx.db, {
      userType: 'company',
      companyName: `Dodo ${word} Traders`,
      roles: ['partner'],
    });
    const byPhone = await createUser(t.ctx.db, { phone: `+230 ${word}`, roles: ['customer'] });
    const suspended = await createUser(t.ctx.db, {
      email: `${word}@example.test`,
      accountStatus: 'suspended',
      roles: ['customer'],
    });

    const all = (await admin.get(`/api/users?search=${word.toUpperCase()}`)).json();
    expect(all.data.map((u: UserReply) => u.id).sort()).toEqual(
      [company.id, byPhone.id, suspended.id].sort(),
    );
    const partners = (await admin.get(`/api/users?search=${word}&role=partner`)).json();
    expect(partners.data.map((u: UserReply) => u.id)).toEqual([company.id]);
    const blocked = (await admin.get(`/api/users?search=${word}&account_status=suspended`)).json();
    expect(blocked.data.map((u: UserReply) => u.id)).toEqual([suspended.id]);
    const none = (await admin.get(`/api/users?search=${word}-nobody`)).json();
    expect(none).toMatchObject({ data: [], total: 0, from: null, to: null });
    // A search is literal text, not a LIKE pattern.
    expect((await admin.get('/api/users?search=%25')).json().total).toBe(0);
  });

  it('refuses an unknown sort or status with 422', async () => {
    expect((await admin.get('/api/users?sort=password_hash')).statusCode).toBe(422);
    expect((await admin.get('/api/users?account_status=deleted')).statusCode).toBe(422);
  });

  it('answers 401 signed out and 403 to staff', async () => {
    expect((await t.agent().get('/api/users')).statusCode).toBe(401);
    const refused = await staff.get('/api/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This action is unauthorized.');
  });
});

describe('GET /api/users/{id}', () => {
  it('answers one user with their roles and default address', async () => {
    const user = await created(companyBody());
    const response = await admin.get(`/api/users/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: user.id,
      user_type: 'company',
      roles: ['customer', 'partner'],
      address_type: 'delivery',
      address: '12 Royal Road',
      postal_code: '11328',
      notes: 'Met at the trade fair',
    });
  });

  it('answers 404 for a missing user, 401 signed out, 403 to staff', async () => {
    expect((await admin.get('/api/users/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/users/abc')).statusCode).toBe(404);
    expect((await t.agent().get(`/api/users/${admin.user.id}`)).statusCode).toBe(401);
    expect((await staff.get(`/api/users/${admin.user.id}`)).statusCode).toBe(403);
  });
});

describe('GET /api/users/roles', () => {
  it('lists every role for the role picker (not taken for a user id)', async () => {
    const response = await admin.get('/api/users/roles');
    expect(response.statusCode).toBe(200);
    const roles = response.json().data as { id: number; name: string; description: string | null }[];
    expect(roles.map((r) => r.name)).toEqual([...ROLES]);
    expect(roles.find((r) => r.name === 'partner')).toMatchObject({
      id: expect.any(Number),
      description: ROLE_DESCRIPTIONS.partner,
    });
  });

  it('answers 401 signed out and 403 to staff', async () => {
    expect((await t.agent().get('/api/users/roles')).statusCode).toBe(401);
    expect((await staff.get('/api/users/roles')).statusCode).toBe(403);
  });
});

describe('POST /admin/users', () => {
  it('creates a company user with two roles, the default address and an audit row', async () => {
    const body = companyBody({ email: `  MiXeD-${uniqueWord()}@Example.TEST ` });
    const response = await admin.post('/admin/users', body);
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json();
    expect(reply).toMatchObject({ success: true, message: USER_SCREEN_MESSAGES.created });
    expect(reply.data).toMatchObject({
      email: String(body.email).trim().toLowerCase(),
      user_type: 'company',
      company_name: body.company_name,
      vat_number: 'VAT-20451',
      roles: ['customer', 'partner'],
      account_status: 'active',
      city: 'Port Louis',
      country: 'Mauritius',
    });
    expect(reply.data).not.toHaveProperty('password');

    const audit = await lastAudit(reply.data.id);
    expect(audit).toMatchObject({
      action: 'user.created',
      actorUserId: admin.user.id,
      data: { roles: ['customer', 'partner'] },
    });
    expect(JSON.stringify(audit?.data)).not.toContain('a-long-password');

    const signIn = await t.agent().signIn(reply.data.email, 'a-long-password');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().redirect_url).toBe('/customer/dashboard');
  });

  it('creates a user without an address', async () => {
    const user = await created(individualBody());
    expect(user).toMatchObject({ address: null, city: null, roles: ['customer'] });
  });

  it('answers 422 with the spec words for company and individual names', async () => {
    expect422(await admin.post('/admin/users', companyBody({ company_name: '  ' })), {
      company_name: [USER_MESSAGES.companyName],
    });
    expect(USER_MESSAGES.companyName).toBe('Company name is required for company users');
    const response = await admin.post('/admin/users', individualBody({ first_name: '', last_name: null }));
    expect422(response, {
      first_name: ['First name is required for individual users'],
      last_name: ['Last name is required for individual users'],
    });
  });

  it('answers 422 when no role, an unknown role or a company role on an individual is chosen', async () => {
    expect422(await admin.post('/admin/users', individualBody({ roles: [] })), {
      roles: ['Please select at least one role'],
    });
    const { roles: _omitted, ...withoutRoles } = individualBody();
    expect422(await admin.post('/admin/users', withoutRoles), { roles: ['Please select at least one role'] });
    expect422(await admin.post('/admin/users', individualBody({ roles: ['customer', 'wizard'] })), {
      roles: ['Unknown role: wizard'],
    });
    expect422(await admin.post('/admin/users', individualBody({ roles: ['partner'] })), {
      user_type: [USER_MESSAGES.companyRoles],
    });
  });

  it('answers 422 when the e-mail is taken, in any letter case', async () => {
    const first = await created(individualBody());
    const response = await admin.post('/admin/users', individualBody({ email: first.email.toUpperCase() }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    });
  });

  it('creates one user when two admins save the same e-mail at once', async () => {
    const body = individualBody();
    const replies = await Promise.all([admin.post('/admin/users', body), admin.post('/admin/users', body)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const loser = replies.find((r) => r.statusCode === 422)!;
    expect(loser.json().errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('answers 422 for a bad e-mail, a short password or a confirmation that differs', async () => {
    expect422(
      await admin.post(
        '/admin/users',
        individualBody({ email: 'not-an-email', password: 'short', password_confirmation: 'short' }),
      ),
      { email: ['Please enter a valid email address'], password: [AUTH_MESSAGES.passwordMin] },
    );
    expect422(await admin.post('/admin/users', individualBody({ password_confirmation: 'something-else' })), {
      password_confirmation: [AUTH_MESSAGES.passwordConfirmation],
    });
    expect422(await admin.post('/admin/users', individualBody({ password: undefined })), {
      password: [AUTH_MESSAGES.passwordRequired],
    });
  });

  it('answers 419 without CSRF, 401 signed out and 403 to staff', async () => {
    const body = individualBody();
    const noCsrf = await admin.request({ method: 'POST', url: '/admin/users', payload: body, csrf: false });
    expect(noCsrf.statusCode).toBe(419);
    const guest = t.agent();
    await guest.visit();
    expect((await guest.post('/admin/users', body)).statusCode).toBe(401);
    expect((await staff.post('/admin/users', body)).statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, body.email));
    expect(row).toBeUndefined();
  });
});

describe('PUT /admin/users/{id}', () => {
  it('updates the profile and address; a blank password keeps the current one', async () => {
    const user = await created(companyBody());
    const response = await admin.put(
      `/admin/users/${user.id}`,
      companyBody({
        email: user.email,
        company_name: user.company_name,
        phone: '+230 5999 0000',
        city: 'Curepipe',
        password: '',
        password_confirmation: '',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: USER_SCREEN_MESSAGES.updated,
      data: { phone: '+230 5999 0000', city: 'Curepipe', roles: ['customer', 'partner'] },
    });
    expect((await t.agent().signIn(user.email, 'a-long-password')).statusCode).toBe(200);
    expect(await lastAudit(user.id)).toMatchObject({
      action: 'user.updated',
      data: { changed: ['phone'], password_changed: false },
    });
  });

  it('sets a new password when one is given', async () => {
    const user = await created(individualBody());
    const body = individualBody({
      email: user.email,
      last_name: user.last_name,
      password: 'the-new-password',
      password_confirmation: 'the-new-password',
    });
    expect((await admin.put(`/admin/users/${user.id}`, body)).statusCode).toBe(200);
    expect((await t.agent().signIn(user.email, 'a-long-password')).statusCode).toBe(422);
    expect((await t.agent().signIn(user.email, 'the-new-password')).statusCode).toBe(200);
  });

  it('clears the company fields when the user becomes an individual', async () => {
    const user = await created(companyBody({ roles: ['customer'] }));
    const response = await admin.put(
      `/admin/users/${user.id}`,
      companyBody({ user_type: 'individual', email: user.email, roles: undefined }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      user_type: 'individual',
      company_name: null,
      company_registration_number: null,
      vat_number: null,
      first_name: 'Priya',
    });
  });

  it('keeps a partner a company user', async () => {
    const user = await created(companyBody());
    const response = await admin.put(
      `/admin/users/${user.id}`,
      companyBody({ user_type: 'individual', email: user.email, roles: undefined }),
    );
    expect422(response, { user_type: [USER_MESSAGES.companyRoles] });
  });

  it("answers 422 for another user's e-mail, but accepts the user's own", async () => {
    const first = await created(individualBody());
    const second = await created(individualBody());
    const taken = await admin.put(
      `/admin/users/${second.id}`,
      individualBody({ email: first.email, last_name: 'X' }),
    );
    expect422(taken, { email: ['The email has already been taken.'] });
    const own = await admin.put(`/admin/users/${second.id}`, individualBody({ email: second.email }));
    expect(own.statusCode).toBe(200);
  });

  it('works as a POST with _method=PUT (form method override)', async () => {
    const user = await created(individualBody());
    const response = await admin.post(`/admin/users/${user.id}`, {
      ...individualBody({ email: user.email, last_name: 'Overridden' }),
      _method: 'PUT',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.last_name).toBe('Overridden');
  });

  it('answers 404, 419, 401 and 403', async () => {
    const user = await created(individualBody());
    const body = individualBody({ email: user.email });
    expect((await admin.put('/admin/users/999999', individualBody())).statusCode).toBe(404);
    const noCsrf = await admin.request({
      method: 'PUT',
      url: `/admin/users/${user.id}`,
      payload: body,
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(419);
    const guest = t.agent();
    await guest.visit();
    expect((await guest.put(`/admin/users/${user.id}`, body)).statusCode).toBe(401);
    expect((await staff.put(`/admin/users/${user.id}`, body)).statusCode).toBe(403);
  });
});

describe('PUT /admin/users/{id}/role', () => {
  it('replaces the roles and writes the change to the audit log', async () => {
    const user = await created(companyBody({ roles: ['customer'] }));
    const response = await admin.put(`/admin/users/${user.id}/role`, { roles: ['partner', 'supplier'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: USER_SCREEN_MESSAGES.rolesUpdated,
      data: { roles: ['partner', 'supplier'] },
    });
    expect(await lastAudit(user.id)).toMatchObject({
      action: 'user.roles_changed',
      data: { from: ['customer'], to: ['partner', 'supplier'] },
    });
  });

  it('takes a role away from a signed-in session at once', async () => {
    const target = await t.signedIn(['customer']);
    expect((await target.get('/api/user')).statusCode).toBe(200);
    await admin.put(`/admin/users/${target.user.id}/role`, { roles: ['patient'] });
    expect((await target.get('/api/user')).statusCode).toBe(401);
  });

  it('answers 422 for no role, an unknown role, or a company role on an individual', async () => {
    const user = await created(individualBody());
    expect422(await admin.put(`/admin/users/${user.id}/role`, { roles: [] }), {
      roles: ['Please select at least one role'],
    });
    expect422(await admin.put(`/admin/users/${user.id}/role`, {}), {
      roles: ['Please select at least one role'],
    });
    expect422(await admin.put(`/admin/users/${user.id}/role`, { roles: ['ghost'] }), {
      roles: ['Unknown role: ghost'],
    });
    expect422(await admin.put(`/admin/users/${user.id}/role`, { roles: ['supplier'] }), {
      roles: [USER_MESSAGES.companyRoles],
    });
    expect((await admin.get(`/api/users/${user.id}`)).json().data.roles).toEqual(['customer']);
  });

  it('answers 404, 419, 401 and 403', async () => {
    const user = await created(individualBody());
    expect((await admin.put('/admin/users/999999/role', { roles: ['customer'] })).statusCode).toBe(404);
    const noCsrf = await admin.request({
      method: 'PUT',
      url: `/admin/users/${user.id}/role`,
      payload: { roles: ['admin'] },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(419);
    const guest = t.agent();
    await guest.visit();
    expect((await guest.put(`/admin/users/${user.id}/role`, { roles: ['admin'] })).statusCode).toBe(401);
    expect((await staff.put(`/admin/users/${user.id}/role`, { roles: ['admin'] })).statusCode).toBe(403);
    expect((await admin.get(`/api/users/${user.id}`)).json().data.roles).toEqual(['customer']);
  });
});

describe('PUT /admin/users/{id}/account-status', () => {
  it("suspends with a reason and ends the user's sessions", async () => {
    const target = await t.signedIn(['customer']);
    const otherDevice = await t.agent().signIn(target.user.email);
    expect(otherDevice.statusCode).toBe(200);
    expect((await target.get('/api/user')).statusCode).toBe(200);

    const response = await admin.put(`/admin/users/${target.user.id}/account-status`, {
      account_status: 'suspended',
      status_reason: 'Unpaid invoices',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: USER_SCREEN_MESSAGES.statusUpdated,
      data: { account_status: 'suspended', status_reason: 'Unpaid invoices' },
    });
    const left = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, target.user.id));
    expect(left).toHaveLength(0);
    expect((await target.get('/api/user')).statusCode).toBe(401);
    expect((await t.agent().signIn(target.user.email)).json().message).toBe(AUTH_MESSAGES.suspended);
    expect(await lastAudit(target.user.id)).toMatchObject({
      action: 'user.status_changed',
      data: { from: 'active', to: 'suspended', reason: 'Unpaid invoices' },
    });

    const reopened = await admin.put(`/admin/users/${target.user.id}/account-status`, {
      account_status: 'active',
    });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data).toMatchObject({ account_status: 'active', status_reason: null });
    expect((await t.agent().signIn(target.user.email)).statusCode).toBe(200);
  });

  it.each(['suspended', 'closed'])('answers 422 when %s has no reason', async (status) => {
    const user = await createUser(t.ctx.db);
    const response = await admin.put(`/admin/users/${user.id}/account-status`, {
      account_status: status,
      status_reason: '  ',
    });
    expect422(response, { status_reason: ['A reason is required when suspending or closing an account'] });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.accountStatus).toBe('active');
  });

  it('answers 422 for an unknown status and for the admin’s own account', async () => {
    const user = await createUser(t.ctx.db);
    expect422(await admin.put(`/admin/users/${user.id}/account-status`, { account_status: 'banned' }), {
      account_status: ['Please choose an account status'],
    });
    const own = await admin.put(`/admin/users/${admin.user.id}/account-status`, {
      account_status: 'closed',
      status_reason: 'Leaving',
    });
    expect(own.statusCode).toBe(422);
    expect(own.json()).toEqual({
      message: 'You cannot change the status of your own account.',
      errors: { account_status: ['You cannot change the status of your own account.'] },
    });
    expect((await admin.get('/api/user')).statusCode).toBe(200);
  });

  it('answers 404, 419, 401 and 403', async () => {
    const user = await createUser(t.ctx.db);
    const body = { account_status: 'closed', status_reason: 'Duplicate account' };
    expect((await admin.put('/admin/users/999999/account-status', body)).statusCode).toBe(404);
    const noCsrf = await admin.request({
      method: 'PUT',
      url: `/admin/users/${user.id}/account-status`,
      payload: body,
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(419);
    const guest = t.agent();
    await guest.visit();
    expect((await guest.put(`/admin/users/${user.id}/account-status`, body)).statusCode).toBe(401);
    expect((await staff.put(`/admin/users/${user.id}/account-status`, body)).statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.accountStatus).toBe('active');
  });
});

describe('user listing exports', () => {
  const HEADER = [
    'ID',
    'First name',
    'Last name',
    'Company',
    'Email',
    'Phone',
    'Mobile',
    'Type',
    'Roles',
    'Account status',
    'Created',
  ];

  it('downloads the matching users as xlsx, in the list order, with formulas kept as text', async () => {
    const word = uniqueWord();
    const evil = await createUser(t.ctx.db, {
      email: `a-${word}@example.test`,
      firstName: '=HYPERLINK("x")',
      lastName: '@SUM(A1)',
      phone: '+230 5250 0000',
      roles: ['customer'],
    });
    const plain = await createUser(t.ctx.db, {
      email: `b-${word}@example.test`,
      firstName: 'Plain',
      userType: 'company',
      companyName: 'Acme',
      roles: ['partner', 'customer'],
    });

    const response = await admin.get(`/admin/users/export?search=${word}&sort=email&direction=asc`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="user_listing_\d{4}-\d{2}-\d{2}_\d{6}\.xlsx"$/,
    );
    const rows = await readWorkbook(response);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.slice(0, 10)).toEqual([
      evil.id,
      '\'=HYPERLINK("x")',
      "'@SUM(A1)",
      undefined, // empty cells are not written
      evil.email,
      "'+230 5250 0000",
      undefined,
      'individual',
      'customer',
      'active',
    ]);
    // Created reads as the shop's clock (Indian/Mauritius, UTC+4) shows it.
    const createdCell = rows[1]![10] as Date;
    expect(createdCell).toBeInstanceOf(Date);
    expect(Math.abs(createdCell.getTime() - (evil.createdAt.getTime() + 4 * 3600_000))).toBeLessThan(1000);
    expect(rows[2]!.slice(0, 4)).toEqual([plain.id, 'Plain', plain.lastName, 'Acme']);
    expect(rows[2]![8]).toBe('customer, partner');

    const reversed = await readWorkbook(
      await admin.get(`/admin/users/export?search=${word}&sort=email&direction=desc`),
    );
    expect(reversed.slice(1).map((r) => r[0])).toEqual([plain.id, evil.id]);
  });

  it('exports only the role of the URL, named after it', async () => {
    const word = uniqueWord();
    const partner = await createUser(t.ctx.db, {
      lastName: word,
      userType: 'company',
      companyName: 'P',
      roles: ['partner'],
    });
    await createUser(t.ctx.db, { lastName: word, roles: ['customer'] });
    const response = await admin.get(`/admin/partners/export?search=${word}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="partner_listing_[\d_-]+\.xlsx"/);
    const rows = await readWorkbook(response);
    expect(rows.slice(1).map((r) => r[0])).toEqual([partner.id]);

    const allPartners = await readWorkbook(await admin.get('/admin/partners/export'));
    expect(allPartners.length).toBeGreaterThan(1);
    for (const row of allPartners.slice(1)) expect(String(row[8]).split(', ')).toContain('partner');

    for (const role of ROLES) {
      const each = await admin.get(`/admin/${role}s/export?search=${word}`);
      expect(each.statusCode, role).toBe(200);
      expect(each.headers['content-disposition']).toContain(`filename="${role}_listing_`);
    }
  });

  it('streams every row across several batches, none twice', async () => {
    const word = uniqueWord();
    const values = Array.from({ length: 1234 }, (_, i) => ({
      email: `${word}-${String(i).padStart(4, '0')}@example.test`,
      firstName: 'Bulk',
      lastName: word,
    }));
    await t.ctx.db.insert(users).values(values);
    const rows = await readWorkbook(
      await admin.get(`/admin/users/export?search=${word}&sort=email&direction=asc`),
    );
    expect(rows).toHaveLength(1235);
    expect(rows.slice(1).map((r) => r[4])).toEqual(values.map((v) => v.email));
  });

  it('answers 401 signed out and 403 to staff', async () => {
    expect((await t.agent().get('/admin/users/export')).statusCode).toBe(401);
    expect((await staff.get('/admin/users/export')).statusCode).toBe(403);
    expect((await staff.get('/admin/customers/export')).statusCode).toBe(403);
  });
});

describe('pages', () => {
  it('serves the users pages to a browser as the admin shell, and refuses staff', async () => {
    for (const url of ['/admin/users', '/admin/users/create', `/admin/users/${admin.user.id}/edit`]) {
      const response = await admin.request({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'x-requested-with': '' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    }
    const refused = await staff.request({
      method: 'GET',
      url: '/admin/users',
      headers: { accept: 'text/html', 'x-requested-with': '' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
