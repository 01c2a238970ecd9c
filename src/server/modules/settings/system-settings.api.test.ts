import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_SETTINGS_MESSAGES as M, SYSTEM_SETTING_KEYS } from '../../../contracts/system-settings';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { permissions, rolePermissions, roles } from '../../platform/auth/auth.tables';
import { settings } from '../../platform/settings/settings.tables';
import { getSetting, getSettings } from '../../platform/settings/settings-store';

let t: TestApp;
let admin: Agent;
let staff: Agent;
let customer: Agent;
/** A role an admin made and gave settings.manage: everything but the custom code. */
let manager: Agent;

const PEM_BODY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7secret';
const PEM = `-----BEGIN PRIVATE KEY-----\n${PEM_BODY}\n-----END PRIVATE KEY-----`;
const API_KEY = 'AIzaSyD-web-api-key-secret-value';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
  customer = await t.signedIn(['customer']);
  const [role] = await t.ctx.db.insert(roles).values({ name: 'manager' }).returning();
  const [permission] = await t.ctx.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.name, 'settings.manage'));
  await t.ctx.db.insert(rolePermissions).values({ roleId: role!.id, permissionId: permission!.id });
  manager = await t.signedIn(['manager']);
});
afterAll(() => t.close());

// Each test starts from the defaults and an empty trail of setting changes.
beforeEach(async () => {
  await t.ctx.db.delete(settings);
  await t.ctx.db.delete(auditLog).where(eq(auditLog.action, 'setting.updated'));
});

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

const put = (agent: Agent, values: Record<string, unknown>) =>
  agent.put('/api/system-settings', { settings: values });

describe('GET /api/system-settings', () => {
  it('answers the settings with the spec defaults and the server limits apart', async () => {
    const response = await admin.get('/api/system-settings');
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json();
    expect(reply).toMatchObject({
      success: true,
      can_edit_custom_code: true,
      server_limits: { upload_total_max_mb: 50, upload_file_max_mb: 50, upload_max_files: 50 },
      settings: {
        file_upload_max_size: 5,
        file_upload_allowed_types: 'jpg,jpeg,png,gif,webp,pdf,doc,docx,xls,xlsx',
        maintenance_mode: false,
        online_shop_enabled: true,
        FORCE_HTTPS: false,
        app_timezone: 'Indian/Mauritius',
        app_date_format: 'DD/MM/YYYY',
        custom_code: '',
        pdf_show_variants: true,
        identity_provider_default_role: 'customer',
        identity_provider_auto_create_users: true,
        has_identity_provider_private_key: false,
        has_identity_provider_web_api_key: false,
        has_identity_provider_private_key_id: false,
        file_storage_driver: 'local',
        s3_region: 'us-east-1',
        s3_force_path_style: true,
        has_s3_secret_access_key: false,
      },
    });
    expect(reply.settings).not.toHaveProperty('server_limits');
    expect(reply.settings).not.toHaveProperty('identity_provider_private_key');
    const answered = Object.keys(reply.settings).filter((k) => !k.startsWith('has_'));
    expect(answered.sort()).toEqual(
      SYSTEM_SETTING_KEYS.filter(
        (k) =>
          ![
            'identity_provider_private_key',
            'identity_provider_web_api_key',
            'identity_provider_private_key_id',
            's3_secret_access_key',
          ].includes(k),
      ).sort(),
    );
  });

  it('answers 401 to a guest and 403 to staff and customers (DECISIONS 1)', async () => {
    expect((await (await guest()).get('/api/system-settings')).statusCode).toBe(401);
    expect((await staff.get('/api/system-settings')).statusCode).toBe(403);
    expect((await customer.get('/api/system-settings')).statusCode).toBe(403);
  });

  it('leaves the custom code out for a role that is not admin', async () => {
    await put(admin, { custom_code: '<script>track()</script>' });
    const reply = (await manager.get('/api/system-settings')).json();
    expect(reply.can_edit_custom_code).toBe(false);
    expect(reply.settings).not.toHaveProperty('custom_code');
  });
});

describe('PUT /api/system-settings', () => {
  it('stores the settings, answers them all and audits each change', async () => {
    const response = await put(admin, {
      app_date_format: 'YYYY-MM-DD',
      app_timezone: 'Europe/London',
      file_upload_max_size: 8,
      file_upload_allowed_types: 'png, PDF',
      maintenance_mode: true,
      pdf_show_variants: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: M.saved,
      settings: {
        app_date_format: 'YYYY-MM-DD',
        app_timezone: 'Europe/London',
        file_upload_max_size: 8,
        file_upload_allowed_types: 'png,pdf',
        maintenance_mode: true,
        pdf_show_variants: false,
        online_shop_enabled: true,
      },
    });
    const [row] = await auditOf('app_date_format');
    expect(row?.data).toEqual({ from: 'DD/MM/YYYY', to: 'YYYY-MM-DD' });
    expect(await auditOf('online_shop_enabled')).toHaveLength(0);
  });

  it('is what every admin screen shows dates with (GET /api/ui-settings)', async () => {
    await put(admin, { app_date_format: 'MM/DD/YYYY', app_timezone: 'UTC' });
    const ui = (await admin.get('/api/ui-settings')).json();
    expect(ui).toMatchObject({ date_format: 'MM/DD/YYYY', timezone: 'UTC' });
  });

  it('sets the rows most admin lists start with (GET /api/ui-settings default_per_page)', async () => {
    expect((await admin.get('/api/ui-settings')).json().default_per_page).toBe(10);
    const saved = await put(admin, { default_per_page: 25 });
    expect(saved.statusCode).toBe(200);
    expect((await admin.get('/api/ui-settings')).json().default_per_page).toBe(25);
    for (const bad of [0, 7, 101, '25', 12.5]) {
      const refused = await put(admin, { default_per_page: bad });
      expect(refused.statusCode, String(bad)).toBe(422);
      expect(refused.json().errors).toEqual({ default_per_page: [M.perPage] });
    }
    expect(await getSetting(t.ctx.db, 'default_per_page')).toBe(25);
  });

  it('keeps secrets write-only: flags in replies, never the value, nor in the audit trail', async () => {
    const response = await put(admin, {
      identity_provider_private_key: PEM.replace(/\n/g, '\\n'),
      identity_provider_web_api_key: API_KEY,
      identity_provider_client_email: 'signin@project.iam.example.test',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(PEM_BODY);
    expect(response.body).not.toContain(API_KEY);
    expect(response.json().settings).toMatchObject({
      has_identity_provider_private_key: true,
      has_identity_provider_web_api_key: true,
      has_identity_provider_private_key_id: false,
      identity_provider_client_email: 'signin@project.iam.example.test',
    });
    const read = await admin.get('/api/system-settings');
    expect(read.body).not.toContain(PEM_BODY);
    expect(read.body).not.toContain(API_KEY);
    expect(await getSetting(t.ctx.db, 'identity_provider_private_key')).toBe(PEM);
    const audits = [
      ...(await auditOf('identity_provider_private_key')),
      ...(await auditOf('identity_provider_web_api_key')),
    ];
    expect(audits.map((a) => a.data)).toEqual([
      { secret: true, stored: true },
      { secret: true, stored: true },
    ]);
    expect(JSON.stringify(audits)).not.toContain(API_KEY);
  });

  it('keeps a stored secret when it is sent empty and removes it when sent null', async () => {
    await put(admin, { identity_provider_web_api_key: API_KEY, identity_provider_private_key: PEM });
    const kept = await put(admin, {
      identity_provider_web_api_key: '',
      identity_provider_private_key: null,
      identity_provider_project_id: 'emporium-shop',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().settings).toMatchObject({
      has_identity_provider_web_api_key: true,
      has_identity_provider_private_key: false,
      identity_provider_project_id: 'emporium-shop',
    });
    expect(await getSetting(t.ctx.db, 'identity_provider_web_api_key')).toBe(API_KEY);
    expect(await getSetting(t.ctx.db, 'identity_provider_private_key')).toBe('');
  });

  it('refuses bad values with 422, each message under its setting, and stores nothing', async () => {
    const response = await put(admin, {
      app_date_format: 'DD.MM.YYYY',
      default_per_page: 1000,
      app_timezone: 'Mars/Olympus',
      file_upload_max_size: 0,
      file_upload_allowed_types: 'png,exe',
      maintenance_mode: 'sometimes',
      identity_provider_private_key: 'my key',
      identity_provider_default_role: 'admin',
      identity_provider_token_uri: 'javascript:alert(1)',
      favourite_colour: 'blue',
      online_shop_enabled: false,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      app_date_format: [M.dateFormat],
      default_per_page: [M.perPage],
      app_timezone: [M.timezone],
      file_upload_max_size: [M.maxSize(50)],
      file_upload_allowed_types: [M.badTypes(['exe'])],
      maintenance_mode: [M.flag],
      identity_provider_private_key: [M.privateKey],
      identity_provider_default_role: [M.defaultRole],
      identity_provider_token_uri: [M.url],
      favourite_colour: [M.unknownSetting],
    });
    expect(await getSetting(t.ctx.db, 'online_shop_enabled')).toBe(true);
  });

  it('answers 422, not 500, for a body that is not settings', async () => {
    for (const body of [
      {},
      { settings: 'all' },
      { settings: {} },
      { settings: [1, 2] },
      { settings: null },
    ]) {
      const response = await admin.put('/api/system-settings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors).toHaveProperty('settings');
    }
    expect((await admin.put('/api/system-settings', [])).statusCode).toBe(422);
    const wrongTypes = await put(admin, { app_timezone: 123, custom_code: 5, file_upload_allowed_types: 7 });
    expect(wrongTypes.statusCode).toBe(422);
    expect(wrongTypes.json().errors).toEqual({
      app_timezone: [M.timezone],
      custom_code: [M.text],
      file_upload_allowed_types: [M.noTypes],
    });
    // Names an object already has (found by the fuzzing battery): unknown settings like any other.
    const inherited = await put(admin, { valueOf: -3.4e-51, constructor: 1 });
    expect(inherited.statusCode).toBe(422);
    expect(inherited.json().errors).toEqual({ valueOf: [M.unknownSetting], constructor: [M.unknownSetting] });
  });

  it('lets only the admin role change the custom code', async () => {
    const refused = await put(manager, { custom_code: '<script>steal()</script>', maintenance_mode: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.customCodeAdminOnly);
    expect(await getSettings(t.ctx.db, ['custom_code', 'maintenance_mode'])).toEqual({
      custom_code: '',
      maintenance_mode: false,
    });
    const allowed = await put(manager, { maintenance_mode: true });
    expect(allowed.statusCode).toBe(200);
    const byAdmin = await put(admin, { custom_code: '<script>track()</script>' });
    expect(byAdmin.json().settings.custom_code).toBe('<script>track()</script>');
  });

  it('answers 401 to a guest, 403 to staff and customers, 419 without the CSRF token', async () => {
    const body = { settings: { maintenance_mode: true } };
    expect((await (await guest()).put('/api/system-settings', body)).statusCode).toBe(401);
    expect((await staff.put('/api/system-settings', body)).statusCode).toBe(403);
    expect((await customer.put('/api/system-settings', body)).statusCode).toBe(403);
    const noToken = await admin.request({
      method: 'PUT',
      url: '/api/system-settings',
      payload: body,
      csrf: false,
    });
    expect(noToken.statusCode).toBe(419);
    expect(await getSetting(t.ctx.db, 'maintenance_mode')).toBe(false);
  });
});

describe('POST /api/system-settings/reset', () => {
  it('puts the defaults back, keeps the identity provider credentials, audits the changes', async () => {
    await put(admin, {
      app_date_format: 'YYYY-MM-DD',
      maintenance_mode: true,
      custom_code: '<p>hello</p>',
      identity_provider_web_api_key: API_KEY,
      identity_provider_project_id: 'emporium-shop',
      identity_provider_default_role: 'partner',
    });
    const response = await admin.post('/api/system-settings/reset');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: M.reset,
      settings: {
        app_date_format: 'DD/MM/YYYY',
        maintenance_mode: false,
        custom_code: '',
        identity_provider_default_role: 'customer',
        identity_provider_project_id: 'emporium-shop',
        has_identity_provider_web_api_key: true,
      },
    });
    expect(response.body).not.toContain(API_KEY);
    const rows = await auditOf('app_date_format');
    expect(rows.map((r) => r.data)).toEqual([
      { from: 'DD/MM/YYYY', to: 'YYYY-MM-DD' },
      { from: 'YYYY-MM-DD', to: 'DD/MM/YYYY', reset: true },
    ]);
    expect(await auditOf('online_shop_enabled')).toHaveLength(0);
  });

  it('leaves the custom code alone when a role that is not admin resets', async () => {
    await put(admin, { custom_code: '<p>hello</p>', maintenance_mode: true });
    const response = await manager.post('/api/system-settings/reset');
    expect(response.statusCode).toBe(200);
    expect(await getSettings(t.ctx.db, ['custom_code', 'maintenance_mode'])).toEqual({
      custom_code: '<p>hello</p>',
      maintenance_mode: false,
    });
  });

  it('answers 401 to a guest and 403 to staff and customers', async () => {
    await put(admin, { maintenance_mode: true });
    expect((await (await guest()).post('/api/system-settings/reset')).statusCode).toBe(401);
    expect((await staff.post('/api/system-settings/reset')).statusCode).toBe(403);
    expect((await customer.post('/api/system-settings/reset')).statusCode).toBe(403);
    expect(await getSetting(t.ctx.db, 'maintenance_mode')).toBe(true);
  });
});

describe('the file library follows the upload settings', () => {
  const MB = 1024 * 1024;
  const pdfOf = (bytes: number) =>
    Buffer.concat([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'), Buffer.alloc(bytes, 0x20)]).subarray(
      0,
      bytes,
    );

  async function upload(name: string, data: Buffer) {
    const form = new FormData();
    form.append('context', 'general');
    form.append('files[]', new Blob([new Uint8Array(data)], { type: 'application/pdf' }), name);
    const response = new Response(form);
    return admin.request({
      method: 'POST',
      url: '/admin/file/upload',
      payload: Buffer.from(await response.arrayBuffer()),
      headers: { 'content-type': response.headers.get('content-type')! },
    });
  }

  it('refuses a file over the max size and a type no longer allowed, as saved on this screen', async () => {
    expect((await upload('small.pdf', pdfOf(MB + 100))).statusCode).toBe(200);
    await put(admin, { file_upload_max_size: 1 });
    const tooBig = await upload('big.pdf', pdfOf(MB + 100));
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().message).toBe('File too large: big.pdf (max 1 MB)');
    await put(admin, { file_upload_max_size: 5, file_upload_allowed_types: 'png,jpg' });
    const notAllowed = await upload('list.pdf', pdfOf(1000));
    expect(notAllowed.statusCode).toBe(422);
    expect(notAllowed.json().message).toContain('File content not allowed: list.pdf');
  });
});
