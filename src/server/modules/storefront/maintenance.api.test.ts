import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { setSettings } from '../../platform/settings/settings-store';
import { MAINTENANCE_MESSAGE } from './maintenance';

let t: TestApp;
let admin: Agent;
let staff: Agent;
let customer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff', 'customer']);
  customer = await t.signedIn(['customer']);
});
afterAll(() => t.close());
beforeEach(() => setSettings(t.ctx.db, { maintenance_mode: true }));

/** A browser navigation, as the storefront is opened. */
const open = (agent: Agent, url: string) =>
  agent.request({ method: 'GET', url, headers: { accept: 'text/html', 'x-requested-with': '' } });

describe('maintenance mode (spec 2 §3)', () => {
  it('answers the storefront pages with 503 and a clear message to guests and customers', async () => {
    const guest = t.agent();
    for (const [agent, url] of [
      [guest, '/'],
      [guest, '/register'],
      [customer, '/'],
      [customer, '/customer/dashboard'],
    ] as const) {
      const response = await open(agent, url);
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after']).toBe('600');
      expect(response.body).toContain(MAINTENANCE_MESSAGE);
    }
  });

  it('keeps sign-in open, so the team can get in', async () => {
    expect((await open(t.agent(), '/login')).statusCode).toBe(200);
    expect((await open(t.agent(), '/forgot-password')).statusCode).toBe(200);
  });

  it('shows the storefront to admin and staff', async () => {
    expect((await open(admin, '/')).statusCode).toBe(200);
    expect((await open(staff, '/')).statusCode).toBe(200);
  });

  it('opens the shop again when switched off', async () => {
    await setSettings(t.ctx.db, { maintenance_mode: false });
    expect((await open(t.agent(), '/')).statusCode).toBe(200);
  });
});
