import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_SETTINGS_MESSAGES as M } from '../../../contracts/email-settings';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { setSettings } from '../../platform/settings/settings-store';

let t: TestApp;
let admin: Agent;
let staff: Agent;

/** A real SMTP server on a free local port, keeping what it receives. */
const received: { from: string; to: string[]; user: string | undefined; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onAuth(auth, _session, callback) {
    if (auth.username === 'shop' && auth.password === 'right-password')
      callback(null, { user: auth.username });
    else callback(new Error('Invalid username or password'));
  },
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        user: session.user,
        raw,
      });
      callback();
    });
  },
});
let smtpPort = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});
beforeEach(async () => {
  received.length = 0;
  await setSettings(t.ctx.db, {
    smtp_host: '',
    smtp_username: '',
    smtp_password: '',
    smtp_encryption: 'tls',
  });
});

const save = (setting_key: string, setting_value: unknown, agent: Agent = admin) =>
  agent.post('/api/email-management/settings', { setting_key, setting_value });

async function useLocalSmtp(password = 'right-password') {
  for (const [key, value] of [
    ['smtp_host', '127.0.0.1'],
    ['smtp_port', String(smtpPort)],
    ['smtp_encryption', 'none'],
    ['smtp_username', 'shop'],
    ['smtp_password', password],
    ['mail_from_address', 'shop@emporium.test'],
  ] as const) {
    const response = await save(key, value);
    expect(response.statusCode, response.body).toBe(200);
  }
}

describe('e-mail settings', () => {
  it('answers every setting but the password, which is only said to be stored', async () => {
    await useLocalSmtp();
    const response = await admin.get('/api/email-management/settings');
    expect(response.statusCode).toBe(200);
    const { settings } = response.json();
    expect(settings).toMatchObject({
      smtp_host: '127.0.0.1',
      smtp_port: smtpPort,
      smtp_encryption: 'none',
      smtp_username: 'shop',
      has_smtp_password: true,
    });
    expect(JSON.stringify(response.json())).not.toContain('right-password');
  });

  it('keeps the stored password when an empty one is sent, and never audits its value', async () => {
    await useLocalSmtp();
    expect((await save('smtp_password', '')).statusCode).toBe(200);
    expect((await admin.get('/api/email-management/settings')).json().settings.has_smtp_password).toBe(true);
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setting.updated'), eq(auditLog.subjectId, 'smtp_password')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row!.data).toEqual({ secret: true, stored: true });
    expect(JSON.stringify(row!.data)).not.toContain('right-password');
  });

  it.each([
    ['smtp_host', 'mail.elsewhere.test'],
    ['smtp_port', '2525'],
    ['smtp_username', 'someone-else'],
  ])('clears the stored password when %s moves to %s, and says so in the audit trail', async (key, value) => {
    await useLocalSmtp();
    expect((await save(key, value)).statusCode).toBe(200);
    const read = await admin.get('/api/email-management/settings');
    expect(read.json().settings.has_smtp_password).toBe(false);
    expect(read.body).not.toContain('right-password');
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setting.updated'), eq(auditLog.subjectId, 'smtp_password')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row!.data).toEqual({ secret: true, stored: false });
  });

  it('keeps the password when the same server is sent again or another setting changes', async () => {
    await useLocalSmtp();
    for (const [key, value] of [
      ['smtp_host', '127.0.0.1'],
      ['smtp_port', String(smtpPort)],
      ['smtp_username', 'shop'],
      ['smtp_encryption', 'none'],
      ['admin_email', 'boss@emporium.test'],
    ] as const)
      expect((await save(key, value)).statusCode).toBe(200);
    expect((await admin.get('/api/email-management/settings')).json().settings.has_smtp_password).toBe(true);
  });

  it('never signs in with the old password once the account moved, even when it moves back', async () => {
    await useLocalSmtp();
    expect((await save('smtp_username', 'other')).statusCode).toBe(200);
    expect((await save('smtp_username', 'shop')).statusCode).toBe(200);
    const response = await admin.post('/api/email-management/test-email', {
      recipient_email: 'to@emporium.test',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/^The test e-mail could not be sent: /);
    expect(received).toHaveLength(0);
  });

  it.each([
    ['smtp_port', '70000', M.port],
    ['smtp_port', 'abc', M.port],
    ['smtp_encryption', 'starttls', M.encryption],
    ['smtp_host', 'smtp example com', M.host],
    ['mail_from_address', 'not-an-address', M.email],
    ['admin_email', 'x@', M.email],
  ])('refuses %s = %s with its message', async (key, value, message) => {
    const response = await save(key, value);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.setting_value).toEqual([message]);
  });

  it('refuses an unknown setting', async () => {
    const response = await save('smtp_timeout', 5);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.setting_key).toEqual([M.unknown]);
  });

  it('sends a test e-mail that a local SMTP server receives, signed in with the stored account', async () => {
    await useLocalSmtp();
    const response = await admin.post('/api/email-management/test-email', {
      recipient_email: 'owner@shop.test',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: M.testSent('owner@shop.test'),
      delivered: 'smtp',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'shop@emporium.test', to: ['owner@shop.test'], user: 'shop' });
    expect(received[0]!.raw).toMatch(/^Subject: Test e-mail from /m);
  });

  it("answers the server's reason when it refuses, and writes to the mail folder without SMTP", async () => {
    await useLocalSmtp('wrong-password');
    const refused = await admin.post('/api/email-management/test-email', {
      recipient_email: 'owner@shop.test',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(
      /^The test e-mail could not be sent: .*Invalid username or password/,
    );
    expect(received).toHaveLength(0);

    await save('smtp_host', '');
    const written = await admin.post('/api/email-management/test-email', {
      recipient_email: 'owner@shop.test',
    });
    expect(written.json()).toMatchObject({ delivered: 'file', message: M.testWritten('owner@shop.test') });

    const bad = await admin.post('/api/email-management/test-email', { recipient_email: 'nobody' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.recipient_email).toEqual([M.email]);
  });

  it.each([
    ['GET', '/api/email-management/settings'],
    ['POST', '/api/email-management/settings'],
    ['POST', '/api/email-management/test-email'],
  ])('%s %s: 401 signed out, 403 for staff (DECISIONS 1)', async (method, url) => {
    const guest = t.agent();
    await guest.visit();
    const body = { setting_key: 'smtp_host', setting_value: '', recipient_email: 'a@b.test' };
    expect((await guest.request({ method: method as 'GET', url, payload: body })).statusCode).toBe(401);
    expect((await staff.request({ method: method as 'GET', url, payload: body })).statusCode).toBe(403);
  });
});
