import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_POPUP_MESSAGES as M } from '../../../contracts/chat-popup';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';

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

const save = (body: Record<string, unknown>, agent: Agent = admin) =>
  agent.post('/api/whatsapp-configuration/settings', body);

describe('chat popup settings', () => {
  it('answers the spec defaults to the storefront, signed out', async () => {
    const response = await (await guest()).get('/api/whatsapp-popup/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json().settings).toMatchObject({
      whatsapp_popup_enabled: false,
      whatsapp_popup_position: 'bottom-right',
      whatsapp_popup_show_on_pages: 'product_details',
      whatsapp_popup_delay_seconds: 0,
      whatsapp_popup_theme: 'default',
      whatsapp_popup_size: 'medium',
    });
  });

  it('saves the settings, writes an audit row per change, and the storefront reads them', async () => {
    const response = await save({
      whatsapp_popup_enabled: true,
      whatsapp_phone_number: '+230 5250 0001',
      whatsapp_popup_position: 'top-left',
      whatsapp_popup_delay_seconds: '5',
      whatsapp_message_template: 'About {product_name}',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: M.saved,
      settings: { whatsapp_popup_enabled: true, whatsapp_popup_delay_seconds: 5 },
    });
    const shop = (await (await guest()).get('/api/whatsapp-popup/settings')).json().settings;
    expect(shop).toMatchObject({
      whatsapp_phone_number: '+230 5250 0001',
      whatsapp_popup_position: 'top-left',
    });
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setting.updated'), eq(auditLog.subjectId, 'whatsapp_popup_position')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row!.data).toMatchObject({ from: 'bottom-right', to: 'top-left' });
  });

  it('refuses bad values with their messages, and stores nothing of that call', async () => {
    const response = await save({
      whatsapp_phone_number: 'call me',
      whatsapp_popup_size: 'huge',
      whatsapp_popup_delay_seconds: -1,
      whatsapp_popup_theme: 'minimal',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.whatsapp_phone_number).toEqual([M.phone]);
    expect(errors.whatsapp_popup_delay_seconds).toEqual([M.delay]);
    expect(errors.whatsapp_popup_size[0]).toMatch(/^Choose the size: small, medium, large\.$/);
    const after = (await admin.get('/api/whatsapp-configuration/settings')).json().settings;
    expect(after.whatsapp_popup_theme).toBe('default');
    expect((await save({ unknown_key: 1 })).statusCode).toBe(422);
  });

  it('needs a phone number to switch the popup on, sent now or stored before', async () => {
    const cleared = await save({ whatsapp_popup_enabled: true, whatsapp_phone_number: '' });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().errors.whatsapp_phone_number).toEqual([M.phoneRequired]);
    await save({ whatsapp_popup_enabled: false, whatsapp_phone_number: '' });
    const on = await save({ whatsapp_popup_enabled: true });
    expect(on.statusCode).toBe(422);
    expect(on.json().errors.whatsapp_phone_number).toEqual([M.phoneRequired]);
  });

  it('answers a test link that opens a chat with the message', async () => {
    const response = await admin.post('/api/whatsapp-configuration/test-whatsapp', {
      phone_number: '+230 5250 0001',
      test_message: 'Test from Emporium & co',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().whatsapp_url).toBe(
      'https://wa.me/23052500001?text=Test%20from%20Emporium%20%26%20co',
    );
    const bad = await admin.post('/api/whatsapp-configuration/test-whatsapp', {
      phone_number: '12',
      test_message: '',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ phone_number: [M.phone], test_message: [M.testMessage] });
  });

  it.each([
    ['GET', '/api/whatsapp-configuration/settings'],
    ['POST', '/api/whatsapp-configuration/settings'],
    ['POST', '/api/whatsapp-configuration/test-whatsapp'],
  ])('%s %s: 401 signed out, 403 for staff (DECISIONS 1)', async (method, url) => {
    const body = { phone_number: '+230 5250 0001', test_message: 'x' };
    expect((await (await guest()).request({ method: method as 'GET', url, payload: body })).statusCode).toBe(
      401,
    );
    expect((await staff.request({ method: method as 'GET', url, payload: body })).statusCode).toBe(403);
  });
});
