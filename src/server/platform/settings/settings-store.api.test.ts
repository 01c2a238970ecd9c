import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../domain/errors';
import { loggedDb } from '../../../test/logged-db';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { settings } from './settings.tables';
import { getSetting, getSettings, removeSettings, setSettings } from './settings-store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('settings store', () => {
  it('answers the spec defaults when nothing is stored', async () => {
    const values = await getSettings(t.ctx.db, [
      'app_date_format',
      'app_timezone',
      'file_upload_max_size',
      'file_upload_allowed_types',
      'vat_calculation_method',
    ]);
    expect(values).toEqual({
      app_date_format: 'DD/MM/YYYY',
      app_timezone: 'Indian/Mauritius',
      file_upload_max_size: 5,
      file_upload_allowed_types: 'jpg,jpeg,png,gif,webp,pdf,doc,docx,xls,xlsx',
      vat_calculation_method: 'exclusive',
    });
  });

  it('stores typed values and reads them back', async () => {
    await setSettings(t.ctx.db, {
      app_date_format: 'YYYY-MM-DD',
      file_upload_max_size: 8,
      maintenance_mode: true,
    });
    expect(await getSetting(t.ctx.db, 'app_date_format')).toBe('YYYY-MM-DD');
    expect(await getSetting(t.ctx.db, 'file_upload_max_size')).toBe(8);
    expect(await getSetting(t.ctx.db, 'maintenance_mode')).toBe(true);
    await setSettings(t.ctx.db, { file_upload_max_size: 6 });
    expect(await getSetting(t.ctx.db, 'file_upload_max_size')).toBe(6);
  });

  it('refuses a value of the wrong type, naming the key, and stores nothing of that call', async () => {
    const before = await getSetting(t.ctx.db, 'app_timezone');
    const error = await setSettings(t.ctx.db, {
      app_timezone: 'Europe/Paris',
      app_date_format: 'D.M.Y' as never,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).errors).toHaveProperty('app_date_format');
    expect(await getSetting(t.ctx.db, 'app_timezone')).toBe(before);
  });

  it('falls back to the default when a stored value no longer fits its type', async () => {
    await t.ctx.db.insert(settings).values({ key: 'default_per_page', value: 'many' }).onConflictDoNothing();
    expect(await getSetting(t.ctx.db, 'default_per_page')).toBe(10);
  });
});

describe('settings in a transaction', () => {
  const settingsReads = (sent: string[]) =>
    sent.filter((q) => /from "settings"/.test(q) && q.startsWith('select'));

  it('are read once, whatever keys it asks for, and a write is seen by its next read', async () => {
    const { db, sent } = loggedDb(t.database);
    await db.transaction(async (tx) => {
      expect(await getSetting(tx, 'stock_management_enabled')).toBe(true);
      expect(await getSettings(tx, ['app_timezone', 'vat_calculation_method'])).toEqual({
        app_timezone: 'Indian/Mauritius',
        vat_calculation_method: 'exclusive',
      });
      await getSettings(tx, ['stock_management_enabled', 'stock_deduction_timing']);
      expect(settingsReads(sent)).toHaveLength(1);
      await setSettings(tx, { vat_calculation_method: 'inclusive' });
      expect(await getSetting(tx, 'vat_calculation_method')).toBe('inclusive');
      await removeSettings(tx, ['vat_calculation_method']);
      expect(await getSetting(tx, 'vat_calculation_method')).toBe('exclusive');
      expect(settingsReads(sent)).toHaveLength(3);
    });
    expect(await getSetting(t.ctx.db, 'vat_calculation_method')).toBe('exclusive');
  });
});

describe('GET /api/currencies and /api/ui-settings', () => {
  it('gives the default currency USD $ and the active list', async () => {
    const agent = t.agent();
    expect((await agent.get('/api/currencies/default')).json()).toMatchObject({
      code: 'USD',
      symbol: '$',
      is_default: true,
    });
    const active = (await agent.get('/api/currencies/active')).json().data;
    expect(active[0]).toMatchObject({ code: 'USD', is_default: true });
    expect(active.filter((c: { is_default: boolean }) => c.is_default)).toHaveLength(1);
  });

  it('gives the display settings the screens need', async () => {
    await setSettings(t.ctx.db, { app_date_format: 'MM/DD/YYYY', file_upload_allowed_types: 'png, PDF' });
    const reply = (await t.agent().get('/api/ui-settings')).json();
    expect(reply).toMatchObject({
      date_format: 'MM/DD/YYYY',
      currency: { code: 'USD', symbol: '$' },
      upload: { max_total_mb: 50, allowed_types: ['png', 'pdf'] },
      vat: { enabled: true, method: 'exclusive' },
    });
  });

  it('forgets stored values so their defaults answer again, leaving other keys alone', async () => {
    await setSettings(t.ctx.db, {
      app_date_format: 'MM/DD/YYYY',
      maintenance_mode: true,
      custom_code: '<b>',
    });
    await removeSettings(t.ctx.db, ['app_date_format', 'maintenance_mode']);
    expect(await getSettings(t.ctx.db, ['app_date_format', 'maintenance_mode', 'custom_code'])).toEqual({
      app_date_format: 'DD/MM/YYYY',
      maintenance_mode: false,
      custom_code: '<b>',
    });
  });
});
