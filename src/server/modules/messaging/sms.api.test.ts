import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMS_MESSAGES as M } from '../../../contracts/messaging';
import { fakeSmsGatewayHandler, startFakeProvider } from '../../../test/fake-provider';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { setSettings } from '../../platform/settings/settings-store';
import { smsLogs } from './messaging.tables';
import { sendSms } from './send-sms';
import { readSmsSettings } from './sms-settings';

let t: TestApp;
let admin: Agent;
let staff: Agent;
const state = { next: 0, statuses: new Map<string, string>() };
let gateway: Awaited<ReturnType<typeof startFakeProvider>>;

beforeAll(async () => {
  gateway = await startFakeProvider(fakeSmsGatewayHandler(state));
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
});
afterAll(async () => {
  await t.close();
  await gateway.close();
});
beforeEach(async () => {
  gateway.received.length = 0;
  gateway.setHandler(fakeSmsGatewayHandler(state));
  await t.ctx.db.delete(smsLogs);
  await setSettings(t.ctx.db, {
    sms_gateway_base_url: `${gateway.url}/v1`,
    sms_gateway_app_id: 'shop-app',
    sms_gateway_app_key: 'secret-key',
    sms_gateway_campaign_name: 'Emporium',
  });
});

const save = (body: Record<string, unknown>, agent: Agent = admin) =>
  agent.post('/api/sms-configuration/settings', body);

describe('SMS settings', () => {
  it('answers the spec defaults and never the app key', async () => {
    await setSettings(t.ctx.db, { sms_gateway_app_key: '' });
    const response = await admin.get('/api/sms-configuration/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json().settings).toMatchObject({
      sms_otp_length: 6,
      sms_otp_expiry_minutes: 5,
      sms_otp_resend_cooldown_minutes: 2,
      sms_otp_max_attempts: 3,
      sms_otp_rate_limit_per_hour: 3,
      sms_gateway_enabled: false,
      has_sms_gateway_app_key: false,
    });
    expect(response.json().settings).not.toHaveProperty('sms_gateway_app_key');
  });

  it('saves, keeps the key when an empty one is sent, and audits the key without its value', async () => {
    const saved = await save({
      sms_gateway_enabled: true,
      sms_gateway_app_key: 'new-secret',
      sms_otp_length: 8,
      sms_otp_message_template: 'Code {code} for {minutes} min',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: M.saved,
      settings: { sms_otp_length: 8, has_sms_gateway_app_key: true },
    });
    expect(saved.body).not.toContain('new-secret');
    expect((await save({ sms_gateway_app_key: '' })).statusCode).toBe(200);
    expect((await readSmsSettings(t.ctx.db)).sms_gateway_app_key).toBe('new-secret');
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setting.updated'), eq(auditLog.subjectId, 'sms_gateway_app_key')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row!.data).toEqual({ secret: true, stored: true });
  });

  it('clears the stored key when the base URL moves, unless a key is entered in the same save', async () => {
    const moved = await save({ sms_gateway_base_url: 'https://sms.elsewhere.test/v1' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().settings.has_sms_gateway_app_key).toBe(false);
    expect((await readSmsSettings(t.ctx.db)).sms_gateway_app_key).toBe('');
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setting.updated'), eq(auditLog.subjectId, 'sms_gateway_app_key')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row!.data).toEqual({ secret: true, stored: false });

    const both = await save({
      sms_gateway_base_url: `${gateway.url}/v1`,
      sms_gateway_app_key: 'key-for-here',
    });
    expect(both.json().settings.has_sms_gateway_app_key).toBe(true);
    expect((await readSmsSettings(t.ctx.db)).sms_gateway_app_key).toBe('key-for-here');
    const same = await save({ sms_gateway_base_url: `${gateway.url}/v1`, sms_gateway_app_key: '' });
    expect(same.json().settings.has_sms_gateway_app_key).toBe(true);
  });

  it.each([
    [{ sms_otp_length: 3 }, 'sms_otp_length', M.whole('The code length', 4, 10)],
    [{ sms_otp_expiry_minutes: 0 }, 'sms_otp_expiry_minutes', M.whole('The expiry', 1, 60)],
    [{ sms_otp_message_template: 'No code here' }, 'sms_otp_message_template', M.templateCode],
    [
      { sms_otp_message_template: '{code} {cod}' },
      'sms_otp_message_template',
      M.templatePlaceholder(['cod']),
    ],
    [{ sms_gateway_base_url: 'ftp://gateway' }, 'sms_gateway_base_url', M.baseUrl],
    [{ sms_gateway_base_url: 'https://user:pw@gateway.test' }, 'sms_gateway_base_url', M.baseUrl],
  ])('refuses %j with its message', async (body, field, message) => {
    const response = await save(body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });
});

describe('test SMS, logs and status', () => {
  it('sends through the gateway with the stored credentials and logs it', async () => {
    const response = await admin.post('/api/sms-configuration/test-sms', { phone_number: '+230 5250 0001' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: M.testSent('+23052500001'),
      data: { phone: '+23052500001', message_type: 'test', status: 'queued', provider_message_id: 'msg-1' },
    });
    expect(gateway.received).toHaveLength(1);
    const [request] = gateway.received;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/messages' });
    expect(request!.headers.authorization).toBe('Bearer secret-key');
    expect(request!.headers['x-app-id']).toBe('shop-app');
    expect(request!.body).toMatchObject({ to: '+23052500001', campaign: 'Emporium' });
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'sms.test_sent'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it.each([
    [{}, M.phoneRequired],
    [{ phone_number: '  ' }, M.phoneRequired],
    [{ phone_number: '5250 0001' }, M.phone],
  ])('refuses %j', async (body, message) => {
    const response = await admin.post('/api/sms-configuration/test-sms', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.phone_number).toEqual([message]);
  });

  it('answers 422 when the gateway is not configured, and does not call it', async () => {
    await setSettings(t.ctx.db, { sms_gateway_app_key: '' });
    const response = await admin.post('/api/sms-configuration/test-sms', { phone_number: '+23052500001' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.phone_number).toEqual([M.notConfigured]);
    expect(gateway.received).toHaveLength(0);
  });

  it("answers the gateway's refusal as a 422 and logs the failure", async () => {
    gateway.setHandler(() => ({ status: 401, json: { error: 'Invalid app key' } }));
    const response = await admin.post('/api/sms-configuration/test-sms', { phone_number: '+23052500001' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(M.sendFailed('the provider answered HTTP 401: Invalid app key'));
    const logs = await admin.get('/api/sms-configuration/logs');
    expect(logs.json().data[0]).toMatchObject({
      status: 'failed',
      error: 'the provider answered HTTP 401: Invalid app key',
    });
  });

  it('answers 422 when the gateway cannot be reached', async () => {
    await setSettings(t.ctx.db, { sms_gateway_base_url: 'http://127.0.0.1:1/v1' });
    const response = await admin.post('/api/sms-configuration/test-sms', { phone_number: '+23052500001' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('could not be reached');
  });

  it('checks the status with the gateway and stores it; 404 for an unknown log', async () => {
    const sent = (
      await admin.post('/api/sms-configuration/test-sms', { phone_number: '+23052500001' })
    ).json();
    state.statuses.set(sent.data.provider_message_id, 'DELIVRD');
    const checked = await admin.post('/api/sms-configuration/check-status', { sms_id: sent.data.id });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({
      message: M.statusChecked('delivered'),
      data: { status: 'delivered' },
    });
    expect(gateway.received.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/messages/${sent.data.provider_message_id}`,
    });
    expect((await admin.post('/api/sms-configuration/check-status', { sms_id: 999999 })).statusCode).toBe(
      404,
    );
    expect((await admin.post('/api/sms-configuration/check-status', {})).statusCode).toBe(422);
  });

  it('masks one-time codes in the log', async () => {
    const settings = await readSmsSettings(t.ctx.db);
    const row = await sendSms(t.ctx, settings, {
      to: '+23052500001',
      message: 'Your code is 482913',
      type: 'otp',
      code: '482913',
    });
    expect(row.message).toBe('Your code is ••••••');
    expect(gateway.received[0]!.body).toMatchObject({ message: 'Your code is 482913' });
  });

  it('pages 20 per page with filters, in SQL', async () => {
    const now = Date.now();
    await t.ctx.db.insert(smsLogs).values(
      Array.from({ length: 25 }, (_, i) => ({
        phone: '+23052500001',
        message: `m${i}`,
        messageType: i % 5 === 0 ? 'otp' : 'test',
        status: i % 2 === 0 ? 'delivered' : 'failed',
        createdAt: new Date(now - i * 60_000),
      })),
    );
    await t.ctx.db.insert(smsLogs).values({
      phone: '+23052500001',
      message: 'old',
      messageType: 'notification',
      status: 'sent',
      createdAt: new Date('2026-01-15T10:00:00Z'),
    });
    const first = (await admin.get('/api/sms-configuration/logs')).json();
    expect(first).toMatchObject({ per_page: 20, total: 26, last_page: 2, current_page: 1 });
    expect(first.data).toHaveLength(20);
    expect(first.data[0].message).toBe('m0');
    const otp = (await admin.get('/api/sms-configuration/logs?message_type=otp&status=delivered')).json();
    expect(otp.total).toBe(3);
    const jan = (
      await admin.get('/api/sms-configuration/logs?date_from=2026-01-15&date_to=2026-01-15')
    ).json();
    expect(jan.data.map((r: { message: string }) => r.message)).toEqual(['old']);
    const badStatus = await admin.get('/api/sms-configuration/logs?status=lost');
    expect(badStatus.statusCode).toBe(422);
    expect(Object.keys(badStatus.json().errors)).toEqual(['status']);
    const badDates = await admin.get('/api/sms-configuration/logs?date_from=2026-02-01&date_to=2026-01-01');
    expect(badDates.json().errors.date_to).toEqual([M.dateOrder]);

    const stats = (await admin.get('/api/sms-configuration/statistics')).json().data;
    expect(stats).toMatchObject({
      total: 26,
      by_status: { delivered: 13, failed: 12, sent: 1, queued: 0 },
      by_type: { otp: 5, test: 20, notification: 1 },
    });
    expect(stats.last_7_days).toBeGreaterThanOrEqual(25);
  });

  it('says the Firebase OTP test is not configured instead of pretending', async () => {
    const response = await admin.post('/api/sms-configuration/test-firebase-otp', {
      phone_number: '+23052500001',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.phone_number).toEqual([M.firebaseNotConfigured]);
    const missing = await admin.post('/api/sms-configuration/test-firebase-otp', {});
    expect(missing.json().errors.phone_number).toEqual([M.phoneRequired]);
  });
});

describe('access', () => {
  it.each([
    ['GET', '/api/sms-configuration/settings'],
    ['POST', '/api/sms-configuration/settings'],
    ['POST', '/api/sms-configuration/test-sms'],
    ['GET', '/api/sms-configuration/logs'],
    ['POST', '/api/sms-configuration/check-status'],
    ['POST', '/api/sms-configuration/test-firebase-otp'],
    ['GET', '/api/sms-configuration/statistics'],
  ])('%s %s: 401 signed out, 403 for staff (DECISIONS 1)', async (method, url) => {
    const anonymous = t.agent();
    await anonymous.visit();
    const call = (agent: Agent) => (method === 'GET' ? agent.get(url) : agent.post(url, {}));
    expect((await call(anonymous)).statusCode).toBe(401);
    expect((await call(staff)).statusCode).toBe(403);
  });
});
