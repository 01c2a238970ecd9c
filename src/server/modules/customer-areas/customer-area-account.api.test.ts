import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contracts/accounts';
import { AREA_MESSAGES as M } from '../../../contracts/customer-areas';
import { USER_MESSAGES } from '../../../domain/accounts/user-rules';
import { invalidAddressTypeMessage } from '../../../domain/customer-areas/party-addresses';
import { TEST_PASSWORD } from '../../../test/factories';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../platform/auth/auth.tables';
import { userAddresses } from '../accounts/accounts.tables';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const address = (over: Record<string, unknown> = {}) => ({
  type: 'billing',
  address: '4 Rue La Bourdonnais',
  city: 'Curepipe',
  state: 'Plaines Wilhems',
  postal_code: '74213',
  country: 'Mauritius',
  phone: '',
  ...over,
});

async function addressesOf(agent: Agent, role = 'customer') {
  return (await agent.get(`/api/${role}/addresses`)).json().data as {
    id: number;
    type: string;
    is_default: boolean;
  }[];
}

describe('GET and PUT /api/{role}/profile', () => {
  it('reads and updates the user’s own profile', async () => {
    const me = await t.signedIn(['customer'], { firstName: 'Ann', lastName: 'Lee', phone: '+230 1' });
    const read = await me.get('/api/customer/profile');
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      id: me.user.id,
      first_name: 'Ann',
      last_name: 'Lee',
      email: me.user.email,
      phone: '+230 1',
      mobile: null,
      mobile_verified_at: null,
      company_name: null,
      roles: ['customer'],
    });
    const email = `ann.${Date.now()}@example.test`;
    const res = await me.put('/api/customer/profile', {
      first_name: 'Annie',
      last_name: 'Lee',
      email: email.toUpperCase(),
      phone: '',
      mobile: '+230 5999 1234',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: M.profileUpdated,
      data: { first_name: 'Annie', email, phone: null },
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ firstName: 'Annie', email, mobile: '+230 5999 1234' });
  });

  it('answers 422 with the user rules’ words, a taken e-mail, or a bad e-mail', async () => {
    const me = await t.signedIn(['customer']);
    const other = await t.signedIn(['customer']);
    const missing = await me.put('/api/customer/profile', {
      first_name: 'A',
      last_name: '',
      email: me.user.email,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ last_name: [USER_MESSAGES.lastName] });
    const taken = await me.put('/api/customer/profile', {
      first_name: 'A',
      last_name: 'B',
      email: other.user.email,
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual([AUTH_MESSAGES.emailTaken]);
    const bad = await me.put('/api/customer/profile', { first_name: 'A', last_name: 'B', email: 'nope' });
    expect(bad.json().errors.email).toEqual(['Please enter a valid email address']);
  });

  it('a company keeps needing its name; 401 without a session; 403 in another role', async () => {
    const partner = await t.signedIn(['partner'], { userType: 'company', companyName: 'Lagoon Ltd' });
    const res = await partner.put('/api/partner/profile', { email: partner.user.email, company_name: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ company_name: [USER_MESSAGES.companyName] });
    expect((await partner.put('/api/customer/profile', { email: partner.user.email })).statusCode).toBe(403);
    expect((await partner.get('/api/doctor/profile')).statusCode).toBe(403);
    const guest = t.agent();
    await guest.visit();
    expect((await guest.get('/api/partner/profile')).statusCode).toBe(401);
    expect((await guest.put('/api/partner/profile', { email: 'a@b.test' })).statusCode).toBe(401);
  });
});

describe('PUT /api/{role}/password', () => {
  it('checks the current password, stores the new one and ends the other sessions only', async () => {
    const me = await t.signedIn(['patient']);
    const elsewhere = t.agent();
    expect((await elsewhere.signIn(me.user.email)).statusCode).toBe(200);

    const wrong = await me.put('/api/patient/password', {
      current_password: 'not-it-at-all',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: [M.currentPasswordWrong] });

    const mismatch = await me.put('/api/patient/password', {
      current_password: TEST_PASSWORD,
      password: 'new-password-1',
      password_confirmation: 'other',
    });
    expect(mismatch.json().errors).toEqual({ password_confirmation: [AUTH_MESSAGES.passwordConfirmation] });
    const short = await me.put('/api/patient/password', { current_password: '', password: 'short' });
    expect(short.json().errors).toMatchObject({
      current_password: [M.currentPasswordRequired],
      password: [AUTH_MESSAGES.passwordMin],
    });

    const ok = await me.put('/api/patient/password', {
      current_password: TEST_PASSWORD,
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: M.passwordChanged });
    expect((await me.get('/api/patient/profile')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/patient/profile')).statusCode).toBe(401);
    expect((await t.agent().signIn(me.user.email, 'new-password-1')).statusCode).toBe(200);
    expect((await t.agent().signIn(me.user.email)).statusCode).toBe(422);
    expect((await me.put('/api/customer/password', {})).statusCode).toBe(403);
  });
});

describe('/api/{role}/addresses', () => {
  it('adds addresses (the first is the default), edits, sets the default and deletes', async () => {
    const me = await t.signedIn(['customer']);
    const created = await me.post('/api/customer/addresses', address());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      success: true,
      message: M.addressSaved,
      data: {
        type: 'billing',
        address: '4 Rue La Bourdonnais',
        city: { name: 'Curepipe' },
        state: { name: 'Plaines Wilhems' },
        country: { name: 'Mauritius' },
        postal_code: '74213',
        phone: null,
        is_default: true,
      },
    });
    const billing = created.json().data.id;
    const delivery = (
      await me.post('/api/customer/addresses', address({ type: 'delivery', address: '18 Av. Victoria' }))
    ).json().data.id;
    expect(await addressesOf(me)).toMatchObject([
      { id: billing, is_default: true },
      { id: delivery, is_default: false },
    ]);

    const edited = await me.put(
      `/api/customer/addresses/${delivery}`,
      address({ type: 'delivery', city: 'Quatre Bornes' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ city: { name: 'Quatre Bornes' }, is_default: false });

    const made = await me.post(`/api/customer/addresses/${delivery}/default`);
    expect(made.json()).toMatchObject({ message: M.defaultSet, data: { id: delivery, is_default: true } });
    expect((await addressesOf(me)).map((a) => [a.id, a.is_default])).toEqual([
      [delivery, true],
      [billing, false],
    ]);

    // Deleting the default hands it to the remaining address.
    const gone = await me.delete(`/api/customer/addresses/${delivery}`);
    expect(gone.json()).toEqual({ success: true, message: M.addressDeleted });
    expect(await addressesOf(me)).toMatchObject([{ id: billing, is_default: true }]);
  });

  it('answers 422 with the spec’s words and the role’s address types', async () => {
    const me = await t.signedIn(['customer']);
    const res = await me.post('/api/customer/addresses', {
      type: 'delivery',
      address: '',
      country: 'Mauritius',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      address: ['Delivery address is required'],
      city: ['Delivery city is required'],
      state: ['Delivery state is required'],
    });
    const wrongType = await me.post('/api/customer/addresses', address({ type: 'residential' }));
    expect(wrongType.json().errors.type).toEqual([invalidAddressTypeMessage('customer')]);
    const patient = await t.signedIn(['patient']);
    expect((await patient.post('/api/patient/addresses', address({ type: 'residential' }))).statusCode).toBe(
      201,
    );
    const doctor = await t.signedIn(['doctor']);
    expect((await doctor.post('/api/doctor/addresses', address({ type: 'consultation' }))).statusCode).toBe(
      201,
    );
    expect((await doctor.post('/api/doctor/addresses', address({ type: 'delivery' }))).statusCode).toBe(422);
  });

  it('answers 404 for another user’s address and changes nothing; 401 and 403 at the gate', async () => {
    const me = await t.signedIn(['customer']);
    const other = await t.signedIn(['customer']);
    const id = (await me.post('/api/customer/addresses', address())).json().data.id;
    const put = await other.put(`/api/customer/addresses/${id}`, address({ city: 'Elsewhere' }));
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe(M.addressNotFound);
    expect((await other.delete(`/api/customer/addresses/${id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/customer/addresses/${id}/default`)).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(userAddresses).where(eq(userAddresses.id, id));
    expect(row).toMatchObject({ city: 'Curepipe', isDefault: true });
    expect(await addressesOf(other)).toEqual([]);

    const guest = t.agent();
    await guest.visit();
    expect((await guest.get('/api/customer/addresses')).statusCode).toBe(401);
    expect((await guest.post('/api/customer/addresses', address())).statusCode).toBe(401);
    const doctor = await t.signedIn(['doctor']);
    expect((await doctor.get('/api/customer/addresses')).statusCode).toBe(403);
    expect((await doctor.delete(`/api/customer/addresses/${id}`)).statusCode).toBe(403);
  });
});
