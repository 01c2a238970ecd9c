import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../server/platform/jobs/jobs.tables';
import { setSettings } from '../../server/platform/settings/settings-store';
import { createProduct, createUser } from '../factories';
import { type Agent, createTestApp, type TestApp } from '../test-app';
import { type CheckoutPlace, checkoutForm, checkoutPlace } from './shop-fixtures';

/**
 * Secrets at rest (issue 18, docs/decisions/0075): every kind of secret the shop handles is used
 * the way a person would — the sandbox's card numbers (docs/decisions/0052), passwords at sign-up,
 * sign-in, a wrong guess and a reset, the reset and magic-link tokens and the SMS code as issued,
 * the order's payment link token and the session cookies — with the app logging everything
 * (level trace). Then the captured log lines and every row of every table, as text, are searched:
 * none of them appears in clear (a hash is fine).
 */
let t: TestApp;
let place: CheckoutPlace;
const secrets = new Map<string, string>();
const agents: Agent[] = [];

const CARDS = {
  approved: { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
  declined: { card_number: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' },
};
const PASSWORDS = {
  registered: 'Battery-Plain-Pass-1!',
  wrongGuess: 'Battery-Wrong-Guess-2!',
  reset: 'Battery-After-Reset-3!',
};

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'trace' });
  place = await checkoutPlace(t);
});
afterAll(() => t.close());

async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit('/login');
  agents.push(agent);
  return agent;
}

/** The secrets in the payloads of the queued jobs (what the mail or SMS will carry), then the jobs run. */
async function issuedSecrets(label: string): Promise<void> {
  const queued = await t.ctx.db.select().from(jobs);
  for (const job of queued) {
    const payload = job.payload as Record<string, unknown>;
    for (const key of ['token', 'code'])
      if (typeof payload[key] === 'string')
        secrets.set(`${label}: ${job.name} ${key}`, payload[key] as string);
  }
  await t.settleJobs();
}

describe('the secrets, used as people use them', () => {
  it('card payments in the sandbox, approved and declined', async () => {
    for (const [outcome, card] of Object.entries(CARDS)) {
      const product = await createProduct(t.ctx.db, { price: '15.00', stockQuantity: 5 });
      const visitor = await guest();
      await visitor.post('/cart/add', { product_id: product.id, quantity: 1 });
      const placed = await visitor.post('/checkout', checkoutForm(place, 'card@example.test', 'card'));
      expect(placed.statusCode, placed.body).toBe(201);
      const { order_code: code, redirect_url: redirect } = placed.json();
      const token = new URL(redirect, 'http://shop').searchParams.get('token')!;
      secrets.set(`order payment link token (${outcome})`, token);
      expect((await visitor.get(redirect, { accept: 'text/html', 'x-requested-with': '' })).statusCode).toBe(
        200,
      );
      const start = await visitor.post(`/payment/${code}/card`, { token });
      expect(start.statusCode, start.body).toBe(200);
      const params = Object.fromEntries(new URL(start.json().redirect_url, 'http://shop').searchParams);
      const paid = await visitor.post('/payment-sandbox/pay', { ...params, ...card });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().status).toBe(outcome === 'approved' ? 'paid' : 'declined');
      await visitor.post('/payment/callback', paid.json().callback.fields);
      secrets.set(`card number (${outcome})`, card.card_number);
      secrets.set(`card number digits (${outcome})`, card.card_number.replaceAll(' ', ''));
    }
    await issuedSecrets('card');
  });

  it('passwords: sign-up, sign-in, a wrong guess, a reset', async () => {
    const visitor = await guest();
    const email = 'secret.keeper@example.test';
    const registered = await visitor.post('/register', {
      user_type: 'individual',
      first_name: 'Secret',
      last_name: 'Keeper',
      email,
      password: PASSWORDS.registered,
      password_confirmation: PASSWORDS.registered,
    });
    expect(registered.statusCode, registered.body).toBeLessThan(300);
    const other = await guest();
    expect((await other.post('/login', { email, password: PASSWORDS.wrongGuess })).statusCode).toBe(422);
    expect((await other.post('/login', { email, password: PASSWORDS.registered })).statusCode).toBe(200);

    const forgetful = await guest();
    expect((await forgetful.post('/forgot-password', { email })).statusCode).toBe(200);
    await issuedSecrets('reset');
    const token = [...secrets].find(([label]) => label.includes('password-reset'))?.[1];
    expect(token).toBeTruthy();
    const reset = await forgetful.post('/reset-password', {
      token,
      email,
      password: PASSWORDS.reset,
      password_confirmation: PASSWORDS.reset,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await (await guest()).post('/login', { email, password: PASSWORDS.reset })).statusCode).toBe(200);
    for (const [label, password] of Object.entries(PASSWORDS)) secrets.set(`password (${label})`, password);
  });

  it('a magic link and an SMS code, issued and redeemed', async () => {
    const user = await createUser(t.ctx.db, { roles: ['customer'], mobile: '+230 5900 7777' });
    const linked = await guest();
    expect((await linked.post('/auth/magic-link', { email: user.email })).statusCode).toBe(200);
    await issuedSecrets('magic link');
    const link = [...secrets].find(([label]) => label.includes('magic-link'))?.[1];
    expect(link).toBeTruthy();
    const redeemed = await linked.get(`/auth/magic-link/${link}`, {
      accept: 'text/html',
      'x-requested-with': '',
    });
    expect(redeemed.statusCode).toBeLessThan(400);

    await setSettings(t.ctx.db, { sms_otp_enabled: true, sms_sandbox_enabled: true });
    const texted = await guest();
    const sent = await texted.post('/sms-otp/send', { mobile: '+230 5900 7777' });
    expect(sent.statusCode, sent.body).toBe(200);
    await issuedSecrets('sms');
    const code = [...secrets].find(([label]) => label.includes('sms-otp'))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await texted.post('/sms-otp/verify', {
      otp_code: code,
      session_id: sent.json().data.session_id,
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });
});

/** Where a secret appears as a whole word (a six-digit code inside a longer number is not it). */
const occurs = (text: string, secret: string) =>
  new RegExp(`(?<![\\w.])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`).test(text);

describe('after the battery', () => {
  it('no secret is in the logs', () => {
    for (const agent of agents)
      for (const [name, value] of agent.cookies)
        if (name.includes('session')) secrets.set(`cookie ${name}`, value);
    expect(secrets.size).toBeGreaterThanOrEqual(12);
    expect(t.logs.length).toBeGreaterThan(50);
    const logs = t.logs.join('\n');
    const found = [...secrets].filter(([, value]) => occurs(logs, value)).map(([label]) => label);
    expect(found).toEqual([]);
  });

  it('no secret is in any column of any table', async () => {
    const tables = (await t.ctx.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    const found: string[] = [];
    for (const { table_name: name } of tables.rows) {
      const rows = (await t.ctx.db.execute(
        sql`select x::text as row from ${sql.identifier(name)} x`,
      )) as unknown as { rows: { row: string }[] };
      const text = rows.rows.map((r) => r.row).join('\n');
      for (const [label, value] of secrets) if (occurs(text, value)) found.push(`${label} in ${name}`);
    }
    expect(found).toEqual([]);
  });
});
