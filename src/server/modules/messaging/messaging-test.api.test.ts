import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGING_TEST_MESSAGES as W } from '../../../contracts/messaging';
import { type FakeHandler, startFakeProvider } from '../../../test/fake-provider';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { getSettings, setSettings } from '../../platform/settings/settings-store';

let t: TestApp;
let admin: Agent;
let staff: Agent;
let provider: Awaited<ReturnType<typeof startFakeProvider>>;

/** A Cloud-API style messaging provider: one account, one template with two variables. */
const cloudApi: FakeHandler = (request) => {
  if (request.headers.authorization !== 'Bearer good-token')
    return { status: 401, json: { error: { message: 'Invalid OAuth access token' } } };
  if (request.method === 'GET' && request.path === '/v21.0/me')
    return { json: { id: '1', name: 'Emporium Ltd' } };
  if (request.method === 'GET' && request.path === '/v21.0/me/phone_numbers')
    return {
      json: { data: [{ id: '1055', display_phone_number: '+230 5250 0001', verified_name: 'Emporium' }] },
    };
  if (request.method === 'GET' && request.path === '/v21.0/1055/message_templates')
    return {
      json: {
        data: [
          {
            name: 'order_ready',
            language: 'en_US',
            status: 'APPROVED',
            components: [{ type: 'BODY', text: 'Hello {{1}}, order {{2}} is ready.' }],
          },
        ],
      },
    };
  if (request.method === 'GET' && request.path === '/v21.0/2000/message_templates')
    return { json: { data: [] } };
  if (request.method === 'POST' && request.path === '/v21.0/1055/messages')
    return { json: { messages: [{ id: 'wamid.1' }] } };
  return { status: 404, json: { error: { message: 'Unknown path' } } };
};

beforeAll(async () => {
  provider = await startFakeProvider(cloudApi);
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});
beforeEach(async () => {
  provider.received.length = 0;
  await setSettings(t.ctx.db, {
    messaging_api_base_url: `${provider.url}/v21.0`,
    messaging_api_token: 'good-token',
  });
});

const api = '/api/whatsapp-test';

describe('messaging-provider test tool', () => {
  it('stores the token write-only: never answered, empty keeps it', async () => {
    await setSettings(t.ctx.db, { messaging_api_token: '' });
    const saved = await admin.post(`${api}/config`, {
      api_token: 'new-token',
      base_url: `${provider.url}/v21.0`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, message: W.saved, data: { has_api_token: true } });
    expect(saved.body).not.toContain('new-token');
    await admin.post(`${api}/config`, { api_token: '' });
    expect((await getSettings(t.ctx.db, ['messaging_api_token'])).messaging_api_token).toBe('new-token');
    const read = await admin.get(`${api}/config`);
    expect(read.body).not.toContain('new-token');
    const bad = await admin.post(`${api}/config`, { api_token: 'x', base_url: 'file:///etc/passwd' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.base_url).toBeDefined();
  });

  it('clears the stored token when the base URL moves, unless a token is entered in the same save', async () => {
    const moved = await admin.post(`${api}/config`, {
      api_token: '',
      base_url: 'https://graph.elsewhere.test/v1',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.has_api_token).toBe(false);
    expect((await getSettings(t.ctx.db, ['messaging_api_token'])).messaging_api_token).toBe('');
    const both = await admin.post(`${api}/config`, {
      api_token: 'good-token',
      base_url: `${provider.url}/v21.0`,
    });
    expect(both.json().data.has_api_token).toBe(true);
  });

  it('tests the connection with the stored token', async () => {
    const response = await admin.post(`${api}/connection`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: `${W.connected}: Emporium Ltd` });
    expect(provider.received[0]).toMatchObject({ method: 'GET', path: '/v21.0/me' });
    expect(provider.received[0]!.headers.authorization).toBe('Bearer good-token');
  });

  it("answers a refused token as a 422 with the provider's reason", async () => {
    await setSettings(t.ctx.db, { messaging_api_token: 'bad-token' });
    const response = await admin.post(`${api}/connection`);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      `${W.connectionFailed}: the provider answered HTTP 401: Invalid OAuth access token`,
    );
  });

  it('answers 422 when no token is stored, without calling the provider', async () => {
    await setSettings(t.ctx.db, { messaging_api_token: '' });
    const response = await admin.get(`${api}/accounts`);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(W.tokenMissing);
    expect(provider.received).toHaveLength(0);
  });

  it('lists accounts and templates', async () => {
    const accounts = await admin.get(`${api}/accounts`);
    expect(accounts.json().data).toEqual([
      { phone_number_id: '1055', display_phone_number: '+230 5250 0001', verified_name: 'Emporium' },
    ]);
    const templates = await admin.post(`${api}/templates`, { phone_number_id: '1055' });
    expect(templates.statusCode, templates.body).toBe(200);
    expect(templates.json()).toMatchObject({
      data: [{ template_name: 'order_ready', language: 'en_US', status: 'APPROVED', variable_count: 2 }],
      debug_info: { phone_number_id: '1055', path: '/v21.0/1055/message_templates', count: 1 },
    });
    const none = await admin.post(`${api}/templates`, { phone_number_id: '2000' });
    expect(none.json().data).toEqual([]);
    const missing = await admin.post(`${api}/templates`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.phone_number_id).toEqual([W.selectAccount]);
  });

  it('refuses an account id that would leave the provider path', async () => {
    const response = await admin.post(`${api}/templates`, { phone_number_id: '../../evil' });
    expect(response.statusCode).toBe(422);
    expect(provider.received).toHaveLength(0);
  });

  it('sends a text message and a template message with the body the provider expects', async () => {
    const text = await admin.post(`${api}/send`, {
      phone_number_id: '1055',
      phone_number: '+230 5250 0002',
      message: 'Hello',
    });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json()).toMatchObject({ message: W.sent, data: { message_id: 'wamid.1' } });
    expect(provider.received[0]).toMatchObject({
      method: 'POST',
      path: '/v21.0/1055/messages',
      body: { messaging_product: 'whatsapp', to: '+23052500002', type: 'text', text: { body: 'Hello' } },
    });

    const template = await admin.post(`${api}/send-template`, {
      phone_number_id: '1055',
      phone_number: '+23052500002',
      template_name: 'order_ready',
      template_variables: ['Ana', 'ORD-7'],
    });
    expect(template.statusCode, template.body).toBe(200);
    expect(provider.received[1]!.body).toMatchObject({
      type: 'template',
      template: {
        name: 'order_ready',
        language: { code: 'en_US' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: 'ORD-7' },
            ],
          },
        ],
      },
    });
    const noTemplate = await admin.post(`${api}/send-template`, {
      phone_number_id: '1055',
      phone_number: '+23052500002',
    });
    expect(noTemplate.json().errors.template_name).toEqual([W.selectTemplate]);
    const noPhone = await admin.post(`${api}/send`, { phone_number_id: '1055', message: 'x' });
    expect(noPhone.json().errors.phone_number).toEqual(['Please enter a phone number']);
  });

  it('answers a provider failure on send as a 422 with the spec words', async () => {
    const response = await admin.post(`${api}/send`, {
      phone_number_id: '9999',
      phone_number: '+23052500002',
      message: 'Hello',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(`${W.sendFailed}: the provider answered HTTP 404: Unknown path`);
  });

  it.each([
    ['GET', `${api}/config`],
    ['POST', `${api}/config`],
    ['POST', `${api}/connection`],
    ['GET', `${api}/accounts`],
    ['POST', `${api}/templates`],
    ['POST', `${api}/send`],
    ['POST', `${api}/send-template`],
  ])('%s %s: 401 signed out, 403 for staff', async (method, url) => {
    const anonymous = t.agent();
    await anonymous.visit();
    const call = (agent: Agent) => (method === 'GET' ? agent.get(url) : agent.post(url, {}));
    expect((await call(anonymous)).statusCode).toBe(401);
    expect((await call(staff)).statusCode).toBe(403);
  });
});
