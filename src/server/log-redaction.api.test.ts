import fs from 'node:fs/promises';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSmsCode } from '../test/sms-sandbox';
import { type Agent, createTestApp, type TestApp } from '../test/test-app';
import { allJobs } from './jobs';
import { products } from './modules/catalogue/catalogue.tables';
import { smsLogs } from './modules/messaging/messaging.tables';
import { countries, shippingMethods, states } from './modules/shipping/shipping.tables';
import { users } from './platform/auth/auth.tables';
import { runDueJobs } from './platform/jobs/job-queue';
import { setSettings } from './platform/settings/settings-store';
import { seedDemo } from './seed-demo';

/** Every line the app logs at info and above, as the process would write them to stdout. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' });
  await seedDemo(t.ctx);
}, 180_000);
afterAll(() => t?.close());

/** The jobs due now, run by the worker's code with the app's logger (as main.ts runs them). */
const work = () => runDueJobs(t.ctx, allJobs, { log: t.app.log });

async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit('/login');
  return agent;
}

async function newestMailTo(email: string): Promise<string> {
  const dir = path.join(t.dataDir, 'mail');
  const files = (await fs.readdir(dir)).filter((f) => f.includes(email)).sort();
  const mail = await fs.readFile(path.join(dir, files[files.length - 1]!), 'utf8');
  return mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

describe('log redaction', () => {
  it('logs requests, errors and jobs without passwords, codes, tokens or card data', async () => {
    const secrets: string[] = [];

    // A wrong password.
    const wrongPassword = 'Wrong-Secret-Passw0rd!';
    secrets.push(wrongPassword);
    const signIn = await (await guest()).post('/login', {
      email: 'admin@demo.test',
      password: wrongPassword,
    });
    expect(signIn.statusCode).toBe(422);

    // A code by SMS, sent by the job and typed back.
    const [customer] = await t.ctx.db.select().from(users).where(eq(users.email, 'customer@demo.test'));
    const smsAgent = await guest();
    const sent = await smsAgent.post('/sms-otp/send', { mobile: customer!.mobile });
    expect(sent.statusCode, sent.body).toBe(200);
    await work();
    const [sms] = await t.ctx.db.select().from(smsLogs).orderBy(desc(smsLogs.id)).limit(1);
    const code = await sandboxSmsCode(t.dataDir, sms!.phone);
    secrets.push(code);
    const verified = await smsAgent.post('/sms-otp/verify', {
      otp_code: code,
      session_id: sent.json().data.session_id,
    });
    expect(verified.statusCode, verified.body).toBe(200);

    // A magic link, opened and redeemed.
    await (await guest()).post('/auth/magic-link', { email: 'customer@demo.test' });
    await work();
    const token = /\/auth\/magic-link\/([A-Za-z0-9_-]+)/.exec(await newestMailTo('customer@demo.test'))![1]!;
    secrets.push(token);
    const browser = t.agent();
    expect((await browser.visit(`/auth/magic-link/${token}`)).statusCode).toBe(200);
    expect((await browser.post(`/auth/magic-link/${token}`)).statusCode).toBe(200);

    // A card checkout through the sandbox: the order's link token and the card.
    const cardNumber = '4242 4242 4242 4242';
    secrets.push(cardNumber, cardNumber.replace(/ /g, ''));
    const [product] = await t.ctx.db
      .select()
      .from(products)
      .where(eq(products.isVariableProduct, false))
      .limit(1);
    const [state] = await t.ctx.db.select().from(states).limit(1);
    const [country] = await t.ctx.db.select().from(countries).where(eq(countries.id, state!.countryId));
    const [method] = await t.ctx.db.select().from(shippingMethods).limit(1);
    const buyer = await guest();
    expect((await buyer.post('/cart/add', { product_id: product!.id, quantity: 1 })).statusCode).toBe(200);
    const order = await buyer.post('/checkout', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      phone: '+230 5000 0000',
      address: '1 Royal Road',
      country_id: country!.id,
      state_id: state!.id,
      city: 'Port Louis',
      shipping_method: String(method!.id),
      pickup_point_id: '',
      payment_type: 'card',
    });
    expect(order.statusCode, order.body).toBe(201);
    const { order_code, redirect_url } = order.json();
    const orderToken = new URL(redirect_url, 'http://shop').searchParams.get('token')!;
    secrets.push(orderToken);
    const start = await buyer.post(`/payment/${order_code}/card`, { token: orderToken });
    expect(start.statusCode, start.body).toBe(200);
    const params = Object.fromEntries(new URL(start.json().redirect_url, 'http://shop').searchParams);
    const paid = await buyer.post('/payment-sandbox/pay', {
      ...params,
      card_number: cardNumber,
      expiry: '12/30',
      cvc: '123',
    });
    expect(paid.statusCode, paid.body).toBeLessThan(400);

    // A failing job: mail through an SMTP server that refuses, with its password in the settings.
    const smtpPassword = 'Smtp-Secret-Passw0rd';
    secrets.push(smtpPassword);
    await setSettings(t.ctx.db, {
      smtp_host: '127.0.0.1',
      smtp_port: 9,
      smtp_username: 'shop',
      smtp_password: smtpPassword,
    });
    const reset = await (await guest()).post('/forgot-password', { email: 'customer@demo.test' });
    expect(reset.statusCode, reset.body).toBe(200);
    await work();

    const log = t.logs.join('');
    // The log is there: requests, the redacted links and the failed job.
    expect(log).toContain('"msg":"job failed"');
    expect(log).toContain('/auth/magic-link/[redacted]');
    expect(log).toContain('"msg":"incoming request"');
    for (const secret of secrets) expect(log, `log holds ${secret}`).not.toContain(secret);
    expect(log).not.toMatch(/"(password|cvc|card_number|otp_code|token)":"(?!\[redacted\])/);
  });
});
