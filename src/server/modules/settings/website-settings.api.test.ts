import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBSITE_SETTINGS_MESSAGES as M, WEBSITE_SETTING_KEYS } from '../../../contracts/website-settings';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { getSetting } from '../../platform/settings/settings-store';

let t: TestApp;
let admin: Agent;
let staff: Agent;
let customer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
  customer = await t.signedIn(['customer']);
});
afterAll(() => t.close());

async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit();
  return agent;
}

const auditOf = (key: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'setting.updated'), eq(auditLog.subjectId, key)));

describe('GET /api/website-settings', () => {
  it('answers every setting with the spec defaults to an admin', async () => {
    const response = await admin.get('/api/website-settings');
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json();
    expect(reply.success).toBe(true);
    expect(Object.keys(reply.settings).sort()).toEqual([...WEBSITE_SETTING_KEYS].sort());
    expect(reply.settings).toMatchObject({
      site_name: 'Emporium',
      vat_system_enabled: true,
      vat_calculation_method: 'exclusive',
      partner_terms_conditions_url: '',
      company_email: '',
      wallet_enabled: false,
    });
  });

  it('answers only the public links and names to guests, customers and staff', async () => {
    for (const agent of [await guest(), customer, staff]) {
      const response = await agent.get('/api/website-settings');
      expect(response.statusCode).toBe(200);
      const settings = response.json().settings;
      expect(settings).toHaveProperty('partner_terms_conditions_url');
      expect(settings).toHaveProperty('site_name');
      expect(settings).not.toHaveProperty('company_vat_number');
      expect(settings).not.toHaveProperty('vat_system_enabled');
    }
  });
});

describe('POST /api/website-settings/update', () => {
  it('stores one setting, answers all settings and audits the change', async () => {
    const response = await admin.post('/api/website-settings/update', {
      type: 'vat_calculation_method',
      value: 'inclusive',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: M.settingSaved,
      settings: { vat_calculation_method: 'inclusive' },
    });
    // The pricing engine reads the same key.
    expect(await getSetting(t.ctx.db, 'vat_calculation_method')).toBe('inclusive');
    const [row] = await auditOf('vat_calculation_method');
    expect(row?.data).toEqual({ from: 'exclusive', to: 'inclusive' });
  });

  it('writes no audit row when the value does not change', async () => {
    await admin.post('/api/website-settings/update', { type: 'wallet_enabled', value: true });
    await admin.post('/api/website-settings/update', { type: 'wallet_enabled', value: true });
    expect(await auditOf('wallet_enabled')).toHaveLength(1);
  });

  it.each([
    ['privacy_policy_url', 'javascript:alert(1)', M.url],
    ['company_website', 'example.com', M.url],
    ['company_email', 'not-an-email', M.email],
    ['wallet_enabled', 'yes', M.flag],
    ['site_name', '  ', M.required('Site name')],
    ['company_phone', '1'.repeat(51), M.tooLong('Company phone', 50)],
  ])('refuses a bad %s with 422 under the setting name', async (type, value, message) => {
    const response = await admin.post('/api/website-settings/update', { type, value });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [type]: [message] });
  });

  it('refuses an unknown type with 422', async () => {
    const response = await admin.post('/api/website-settings/update', { type: 'smtp_password', value: 'x' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ type: [M.unknownSetting] });
  });

  it('answers 401 to a guest and 403 to a customer and to staff', async () => {
    const body = { type: 'company_name', value: 'Intruder Ltd' };
    expect((await (await guest()).post('/api/website-settings/update', body)).statusCode).toBe(401);
    expect((await customer.post('/api/website-settings/update', body)).statusCode).toBe(403);
    expect((await staff.post('/api/website-settings/update', body)).statusCode).toBe(403);
    expect(await getSetting(t.ctx.db, 'company_name')).not.toBe('Intruder Ltd');
  });
});

describe('POST /api/website-settings/batch-update', () => {
  it('stores several settings at once, trimmed, and audits each change', async () => {
    const response = await admin.post('/api/website-settings/batch-update', {
      settings: {
        company_name: '  Emporium Ltd ',
        company_email: 'accounts@emporium.test',
        partner_terms_conditions_url: 'https://emporium.test/partner-terms',
        facebook_url: '',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: M.saved,
      settings: {
        company_name: 'Emporium Ltd',
        company_email: 'accounts@emporium.test',
        partner_terms_conditions_url: 'https://emporium.test/partner-terms',
      },
    });
    expect(await auditOf('company_name')).toHaveLength(1);
    expect(await auditOf('facebook_url')).toHaveLength(0);
    const publicRead = await (await guest()).get('/api/website-settings');
    expect(publicRead.json().settings.partner_terms_conditions_url).toBe(
      'https://emporium.test/partner-terms',
    );
  });

  it('refuses the whole batch, naming each bad or unknown setting, and stores nothing', async () => {
    const response = await admin.post('/api/website-settings/batch-update', {
      settings: {
        company_registration_number: 'C-123',
        return_policy_url: 'ftp://emporium.test/returns',
        company_email: 'nobody',
        favourite_colour: 'blue',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      return_policy_url: [M.url],
      company_email: [M.email],
      favourite_colour: [M.unknownSetting],
    });
    expect(await getSetting(t.ctx.db, 'company_registration_number')).toBe('');
  });

  it('refuses an empty batch', async () => {
    const response = await admin.post('/api/website-settings/batch-update', { settings: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ settings: [M.noSettings] });
  });

  it('answers 401 to a guest and 403 to a customer and to staff', async () => {
    const body = { settings: { company_name: 'Intruder Ltd' } };
    expect((await (await guest()).post('/api/website-settings/batch-update', body)).statusCode).toBe(401);
    expect((await customer.post('/api/website-settings/batch-update', body)).statusCode).toBe(403);
    expect((await staff.post('/api/website-settings/batch-update', body)).statusCode).toBe(403);
  });
});
