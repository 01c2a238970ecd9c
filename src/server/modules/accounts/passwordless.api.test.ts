import fs from 'node:fs/promises';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES as M } from '../../../domain/accounts/sign-in-codes';
import { createUser } from '../../../test/factories';
import { fakeSmsGatewayHandler, startFakeProvider } from '../../../test/fake-provider';
import { sandboxSmsCode } from '../../../test/sms-sandbox';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { authTokens, users } from '../../platform/auth/auth.tables';
import { jobs } from '../../platform/jobs/jobs.tables';
import { setSettings } from '../../platform/settings/settings-store';
import { smsLogs } from '../messaging/messaging.tables';
import { smsOtpCodes } from './accounts.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
/** A number and an IP of its own per test, so limits of one test never reach another. */
function fresh() {
  counter += 1;
  const n = String(1000 + counter);
  return { mobile: `+230 5900 ${n}`, normal: `+2305900${n}`, ip: `10.9.${counter}.1` };
}

async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit('/login');
  return agent;
}

function send(agent: Agent, mobile: unknown, ip: string) {
  return agent.request({ method: 'POST', url: '/sms-otp/send', payload: { mobile }, remoteAddress: ip });
}

function verify(agent: Agent, body: Record<string, unknown>) {
  return agent.post('/sms-otp/verify', body);
}

/**
 * The code of the newest SMS to this number, read from the sandbox's file after the job ran (the
 * log row holds it masked, docs/decisions/0075).
 */
async function lastCodeTo(normal: string): Promise<string> {
  await t.runDueJobs();
  const [row] = await t.ctx.db
    .select()
    .from(smsLogs)
    .where(eq(smsLogs.phone, normal))
    .orderBy(desc(smsLogs.id))
    .limit(1);
  expect(row?.message).toMatch(/••••••/);
  return sandboxSmsCode(t.dataDir, normal);
}

describe('SMS sign-in codes', () => {
  beforeEach(async () => {
    await setSettings(t.ctx.db, { sms_otp_enabled: true, sms_sandbox_enabled: true });
  });

  it('sends a code, signs in with it once, rotates the session and marks the mobile verified', async () => {
    const { mobile, normal, ip } = fresh();
    const user = await createUser(t.ctx.db, { roles: ['customer'], mobile });
    const agent = await guest();
    const guestCookie = agent.cookies.get('emporium_session');
    const sent = await send(agent, `+230-5900-${mobile.slice(-4)}`, ip);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      success: true,
      message: M.otpSent,
      data: { resend_cooldown: 120 },
    });
    const { session_id, expires_at } = sent.json().data;
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    // Queued, not sent in the request (docs/decisions/0046); the code is not kept in clear.
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'accounts.sms-otp'));
    expect(job?.status).toBe('queued');
    const code = await lastCodeTo(normal);
    const [row] = await t.ctx.db.select().from(smsOtpCodes).where(eq(smsOtpCodes.phone, normal));
    expect(JSON.stringify(row)).not.toContain(code);
    const [done] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(JSON.stringify(done!.payload)).not.toContain(code);
    // The sandbox also writes the SMS to a file, as mail without SMTP.
    const files = await fs.readdir(path.join(t.dataDir, 'sms'));
    expect(files.some((f) => f.includes(normal))).toBe(true);

    const ok = await verify(agent, { otp_code: code, session_id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ redirect_url: '/customer/dashboard', active_role: 'customer' });
    expect(agent.cookies.get('emporium_session')).not.toBe(guestCookie);
    agent.csrfToken = ok.json().csrf_token;
    expect((await agent.get('/api/user')).json().data.email).toBe(user.email);
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.mobileVerifiedAt).not.toBeNull();
    expect(after!.lastLoginAt).not.toBeNull();

    // Used once: the same code again is refused.
    const again = await verify(agent, { otp_code: code, session_id });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.otp_code).toEqual([M.invalidOtp]);
  });

  it('keeps the first verification time and follows a same-site redirect only', async () => {
    const { mobile, normal, ip } = fresh();
    const user = await createUser(t.ctx.db, { mobile, mobileVerifiedAt: new Date('2025-01-01T00:00:00Z') });
    const agent = await guest();
    const { session_id } = (await send(agent, mobile, ip)).json().data;
    const ok = await verify(agent, {
      otp_code: await lastCodeTo(normal),
      session_id,
      redirect: 'https://evil.example/',
    });
    expect(ok.json().redirect_url).toBe('/customer/dashboard');
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.mobileVerifiedAt!.toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });

  it('answers 422 with the spec words', async () => {
    const { ip } = fresh();
    const agent = await guest();
    const missing = await send(agent, '', ip);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ mobile: [M.mobileRequired] });
    const absent = await agent.request({
      method: 'POST',
      url: '/sms-otp/send',
      payload: {},
      remoteAddress: ip,
    });
    expect(absent.json().errors).toEqual({ mobile: [M.mobileRequired] });
    const bad = await send(agent, '5250 0004', ip);
    expect(bad.json().errors).toEqual({ mobile: [M.mobileFormat] });

    const noCode = await verify(agent, { otp_code: '', session_id: 'x' });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().errors).toEqual({ otp_code: [M.otpRequired] });
    // DECISIONS 27: only digits of the configured length are a code.
    for (const otp_code of ['12345', '1234567', '12345a', '１２３４５６']) {
      const wrong = await verify(agent, { otp_code, session_id: 'x' });
      expect(wrong.json().errors).toEqual({ otp_code: [M.invalidOtp] });
    }
    const unknownSession = await verify(agent, { otp_code: '123456', session_id: 'no-such-session' });
    expect(unknownSession.json().errors).toEqual({ otp_code: [M.invalidOtp] });
  });

  it('answers an unknown number exactly like a known one, sends it nothing, and never signs it in', async () => {
    const { mobile, normal, ip } = fresh();
    const agent = await guest();
    const sent = await send(agent, mobile, ip);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, message: M.otpSent, data: { resend_cooldown: 120 } });
    await t.runDueJobs();
    expect(await t.ctx.db.select().from(smsLogs).where(eq(smsLogs.phone, normal))).toEqual([]);
    const guess = await verify(agent, { otp_code: '000000', session_id: sent.json().data.session_id });
    expect(guess.json().errors).toEqual({ otp_code: [M.invalidOtp] });
    // The cooldown holds for unknown numbers too, so it tells nothing either.
    expect((await send(agent, mobile, ip)).statusCode).toBe(429);
  });

  it('refuses an expired code', async () => {
    const { mobile, normal, ip } = fresh();
    await createUser(t.ctx.db, { mobile });
    const agent = await guest();
    const { session_id } = (await send(agent, mobile, ip)).json().data;
    const code = await lastCodeTo(normal);
    t.advance(5 * 60_000 + 1000);
    const late = await verify(agent, { otp_code: code, session_id });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ otp_code: [M.otpExpired] });
  });

  it('allows three tries, then refuses even the right code', async () => {
    const { mobile, normal, ip } = fresh();
    await createUser(t.ctx.db, { mobile });
    const agent = await guest();
    const { session_id } = (await send(agent, mobile, ip)).json().data;
    const code = await lastCodeTo(normal);
    const wrong = code === '111111' ? '222222' : '111111';
    const first = await verify(agent, { otp_code: wrong, session_id });
    const second = await verify(agent, { otp_code: wrong, session_id });
    const third = await verify(agent, { otp_code: wrong, session_id });
    expect([first, second, third].map((r) => r.json().errors.otp_code[0])).toEqual([
      M.invalidOtp,
      M.invalidOtp,
      M.otpExhausted,
    ]);
    const right = await verify(agent, { otp_code: code, session_id });
    expect(right.statusCode).toBe(422);
    expect(right.json().errors).toEqual({ otp_code: [M.otpExhausted] });
  });

  it('counts concurrent wrong guesses atomically: never more than the limit', async () => {
    const { mobile, normal, ip } = fresh();
    await createUser(t.ctx.db, { mobile });
    const agent = await guest();
    const { session_id } = (await send(agent, mobile, ip)).json().data;
    const code = await lastCodeTo(normal);
    const wrong = code === '111111' ? '222222' : '111111';
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => verify(agent, { otp_code: wrong, session_id })),
    );
    expect(replies.every((r) => r.statusCode === 422)).toBe(true);
    const [row] = await t.ctx.db.select().from(smsOtpCodes).where(eq(smsOtpCodes.phone, normal));
    expect(row!.attempts).toBe(3);
    const counted = replies.filter((r) => r.json().errors.otp_code[0] === M.invalidOtp);
    expect(counted.length).toBe(2); // the third counted guess already says exhausted
    expect((await verify(agent, { otp_code: code, session_id })).json().errors.otp_code).toEqual([
      M.otpExhausted,
    ]);
  });

  it('binds the code to the browser session that asked for it', async () => {
    const { mobile, normal, ip } = fresh();
    await createUser(t.ctx.db, { mobile });
    const agent = await guest();
    const { session_id } = (await send(agent, mobile, ip)).json().data;
    const code = await lastCodeTo(normal);
    const thief = await guest();
    const stolen = await verify(thief, { otp_code: code, session_id });
    expect(stolen.json().errors).toEqual({ otp_code: [M.invalidOtp] });
    expect((await verify(agent, { otp_code: code, session_id })).statusCode).toBe(200);
  });

  it('holds the resend cooldown with 429, and a new code replaces the old one', async () => {
    const { mobile, normal, ip } = fresh();
    await createUser(t.ctx.db, { mobile });
    const agent = await guest();
    const first = (await send(agent, mobile, ip)).json().data;
    const firstCode = await lastCodeTo(normal);
    t.advance(60_000);
    const early = await send(agent, mobile, ip);
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe(M.otpCooldown(60));
    expect(early.headers['retry-after']).toBe('60');
    t.advance(60_000);
    const second = await send(agent, mobile, ip);
    expect(second.statusCode).toBe(200);
    const old = await verify(agent, { otp_code: firstCode, session_id: first.session_id });
    expect(old.json().errors).toEqual({ otp_code: [M.invalidOtp] });
    const secondCode = await lastCodeTo(normal);
    expect(
      (await verify(agent, { otp_code: secondCode, session_id: second.json().data.session_id })).statusCode,
    ).toBe(200);
  });

  it('sends a number at most three codes an hour', async () => {
    const { mobile, ip } = fresh();
    await createUser(t.ctx.db, { mobile });
    const agent = await guest();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const reply = await send(agent, mobile, ip);
      statuses.push(reply.statusCode);
      if (i === 3) expect(reply.json().message).toBe(M.otpHourly(54 * 60));
      t.advance(2 * 60_000);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    t.advance(54 * 60_000);
    expect((await send(agent, mobile, ip)).statusCode).toBe(200);
  });

  it('limits sends per IP across numbers', async () => {
    const { ip } = fresh();
    const agent = await guest();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await send(agent, `+230 5800 ${2000 + i}`, ip)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('refuses a suspended account and numbers shared by two accounts', async () => {
    const suspended = fresh();
    await createUser(t.ctx.db, { mobile: suspended.mobile, accountStatus: 'suspended' });
    const shared = fresh();
    await createUser(t.ctx.db, { mobile: shared.mobile });
    await createUser(t.ctx.db, { mobile: shared.mobile });
    const agent = await guest();
    for (const n of [suspended, shared]) {
      expect((await send(agent, n.mobile, n.ip)).statusCode).toBe(200);
      await t.runDueJobs();
      expect(await t.ctx.db.select().from(smsLogs).where(eq(smsLogs.phone, n.normal))).toEqual([]);
    }
  });

  it('is refused while codes by SMS are off, and needs the CSRF token', async () => {
    const { mobile, ip } = fresh();
    const agent = await guest();
    await setSettings(t.ctx.db, { sms_otp_enabled: false });
    const off = await send(agent, mobile, ip);
    expect(off.statusCode).toBe(422);
    expect(off.json().errors).toEqual({ mobile: [M.otpUnavailable] });
    await setSettings(t.ctx.db, { sms_otp_enabled: true, sms_sandbox_enabled: false });
    expect((await send(agent, mobile, ip)).json().errors).toEqual({ mobile: [M.otpUnavailable] });
    await setSettings(t.ctx.db, { sms_sandbox_enabled: true });
    for (const url of ['/sms-otp/send', '/sms-otp/verify']) {
      const response = await agent.request({
        method: 'POST',
        url,
        payload: { mobile, otp_code: '123456', session_id: 'x' },
        csrf: false,
      });
      expect(response.statusCode).toBe(419);
    }
  });

  it('masks the code in the log when a real gateway sends it', async () => {
    const { mobile, normal, ip } = fresh();
    await createUser(t.ctx.db, { mobile });
    const gateway = await startGateway();
    try {
      await setSettings(t.ctx.db, {
        sms_sandbox_enabled: false,
        sms_gateway_enabled: true,
        sms_gateway_base_url: `${gateway.url}/v1`,
        sms_gateway_app_id: 'app',
        sms_gateway_app_key: 'key',
      });
      const agent = await guest();
      const { session_id } = (await send(agent, mobile, ip)).json().data;
      await t.runDueJobs();
      const body = gateway.received.at(-1)!.body as { to: string; message: string };
      expect(body.to).toBe(normal);
      const code = /\b(\d{6})\b/.exec(body.message)![1]!;
      const [log] = await t.ctx.db.select().from(smsLogs).where(eq(smsLogs.phone, normal));
      expect(log!.message).not.toContain(code);
      expect(log!.message).toContain('••••••');
      expect((await verify(agent, { otp_code: code, session_id })).statusCode).toBe(200);
    } finally {
      await setSettings(t.ctx.db, { sms_gateway_enabled: false });
      await gateway.close();
    }
  });
});

describe('magic link', () => {
  async function lastLinkTo(email: string): Promise<string> {
    await t.runDueJobs();
    const dir = path.join(t.dataDir, 'mail');
    const files = (await fs.readdir(dir)).filter((f) => f.includes(email)).sort();
    const mail = await fs.readFile(path.join(dir, files[files.length - 1]!), 'utf8');
    const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /\/auth\/magic-link\/([A-Za-z0-9_-]+)/.exec(unfolded)?.[1];
    if (!token) throw new Error(`no link in ${mail}`);
    return token;
  }

  it('answers the same for known and unknown e-mails and mails a link valid 15 minutes', async () => {
    const user = await createUser(t.ctx.db);
    const agent = await guest();
    const known = await agent.post('/auth/magic-link', { email: user.email.toUpperCase() });
    const unknown = await agent.post('/auth/magic-link', { email: 'ghost@example.test' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, message: M.magicLinkSent });
    expect(unknown.json()).toEqual(known.json());
    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'accounts.magic-link-mail'));
    expect(queued.map((j) => j.payload.to)).toEqual([user.email]);
    const token = await lastLinkTo(user.email);
    const [stored] = await t.ctx.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(stored!.tokenHash).not.toBe(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(15 * 60_000);
  });

  it('shows the page without spending the link, then signs in once by POST', async () => {
    const user = await createUser(t.ctx.db, {
      roles: ['partner', 'customer'],
      userType: 'company',
      companyName: 'Link Ltd',
    });
    const agent = await guest();
    await agent.post('/auth/magic-link', { email: user.email });
    const token = await lastLinkTo(user.email);

    const browser = t.agent();
    for (let i = 0; i < 2; i += 1) {
      const page = await browser.visit(`/auth/magic-link/${token}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('"masked_email":"u');
      expect(page.body).not.toContain(user.email);
    }
    const cookie = browser.cookies.get('emporium_session');
    const signed = await browser.post(`/auth/magic-link/${token}`);
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ redirect_url: '/customer/dashboard', active_role: 'customer' });
    expect(browser.cookies.get('emporium_session')).not.toBe(cookie);
    browser.csrfToken = signed.json().csrf_token;
    expect((await browser.get('/api/user')).json().data.email).toBe(user.email);

    const again = await t.agent().visit(`/auth/magic-link/${token}`);
    expect(again.body).toContain('"masked_email":null');
    const reuse = await guest();
    const reused = await reuse.post(`/auth/magic-link/${token}`);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(M.magicLinkInvalid);
  });

  it('refuses an expired or unknown link, and sends a form post back to the page', async () => {
    const user = await createUser(t.ctx.db);
    const agent = await guest();
    await agent.post('/auth/magic-link', { email: user.email });
    const token = await lastLinkTo(user.email);
    t.advance(15 * 60_000 + 1000);
    const page = await t.agent().visit(`/auth/magic-link/${token}`);
    expect(page.body).toContain('"masked_email":null');
    const late = await agent.post(`/auth/magic-link/${token}`);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(M.magicLinkInvalid);
    expect((await agent.post('/auth/magic-link/not-a-token')).json().message).toBe(M.magicLinkInvalid);
    const form = await agent.request({
      method: 'POST',
      url: '/auth/magic-link/not-a-token',
      payload: `_token=${agent.csrfToken}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        'x-requested-with': '',
      },
      csrf: false,
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/auth/magic-link/not-a-token');
  });

  it('a newer link replaces the older one; a suspended account is refused', async () => {
    const user = await createUser(t.ctx.db);
    const agent = await guest();
    await agent.post('/auth/magic-link', { email: user.email });
    const first = await lastLinkTo(user.email);
    await agent.post('/auth/magic-link', { email: user.email });
    const second = await lastLinkTo(user.email);
    expect((await agent.post(`/auth/magic-link/${first}`)).statusCode).toBe(422);
    await t.ctx.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, user.id));
    const refused = await agent.post(`/auth/magic-link/${second}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Your account is suspended. Please contact support.');
  });

  it('answers 422 without an e-mail, 419 without a token, and rate-limits per IP', async () => {
    const agent = await guest();
    const missing = await agent.post('/auth/magic-link', { email: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ email: [M.emailRequired] });
    const noToken = await agent.request({
      method: 'POST',
      url: '/auth/magic-link',
      payload: { email: 'a@example.test' },
      csrf: false,
    });
    expect(noToken.statusCode).toBe(419);
    expect(
      (await agent.request({ method: 'POST', url: '/auth/magic-link/abc', csrf: false })).statusCode,
    ).toBe(419);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await agent.request({
        method: 'POST',
        url: '/auth/magic-link',
        payload: { email: `someone${i}@example.test` },
        remoteAddress: '10.8.8.8',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

function startGateway() {
  return startFakeProvider(fakeSmsGatewayHandler({ next: 0, statuses: new Map() }));
}
