import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_MESSAGES as M } from '../../contracts/credit';
import { settings } from '../../server/platform/settings/settings.tables';
import { setSettings } from '../../server/platform/settings/settings-store';
import { appWithTermsNetwork, type LocalListener, localListener, loopbackAsPublic } from '../terms-network';
import { type Agent, createTestApp, type TestApp } from '../test-app';

/**
 * The SSRF battery (issue 18, docs/decisions/0075) for POST /api/fetch-external-content
 * (DECISIONS 21, docs/decisions/0062): the terms URL is configured to each address the server must
 * never be sent to, and each fetch answers 422 with the spec's message while a local listener
 * proves no request reached it. Redirects are tested from a host the network treats as public but
 * that is really the local listener: its 302 to a private or loopback address is never followed.
 */
let t: TestApp;
let visitor: Agent;
let local: LocalListener;

beforeAll(async () => {
  t = await createTestApp();
  visitor = t.agent();
  await visitor.visit();
  local = await localListener();
});
afterAll(async () => {
  await local.close();
  await t.close();
});

/**
 * Makes `url` the configured terms URL. The website settings refuse a URL that is not http(s): such
 * a one is then stored as an older row could hold it, so the fetch's own refusal is what is tested.
 */
async function configure(db: TestApp['ctx']['db'], url: string) {
  try {
    await setSettings(db, { partner_terms_conditions_url: url });
  } catch {
    expect(new URL(url).protocol).not.toMatch(/^https?:$/);
    await db
      .insert(settings)
      .values({ key: 'partner_terms_conditions_url', value: url })
      .onConflictDoUpdate({ target: settings.key, set: { value: url } });
  }
}

async function expectRefused(agent: Agent, url: string) {
  const reply = await agent.post('/api/fetch-external-content', { url });
  expect(reply.statusCode, `${url} → ${reply.body}`).toBe(422);
  expect(reply.json().message).toBe(M.termsUnavailable);
  expect(reply.json().errors.url).toEqual([M.termsUnavailable]);
  expect(reply.body).not.toContain('internal secret');
}

const TARGETS = {
  loopback: [
    'http://127.0.0.1:PORT/terms',
    'http://127.1.2.3:PORT/terms',
    'http://localhost:PORT/terms',
    'http://LOCALHOST.:PORT/terms',
    'http://[::1]:PORT/terms',
    'http://0.0.0.0:PORT/terms',
    'http://0:PORT/terms',
    'http://2130706433:PORT/terms',
    'http://0x7f.1:PORT/terms',
    'http://0177.0.0.1:PORT/terms',
    'http://0x7f000001:PORT/terms',
    'http://user:pass@127.0.0.1:PORT/terms',
  ],
  private: [
    'http://10.0.0.1/terms',
    'http://10.255.255.254/terms',
    'http://172.16.0.1/terms',
    'http://172.31.255.254/terms',
    'http://192.168.0.1/terms',
    'http://192.168.255.254/terms',
    'http://100.64.0.1/terms',
    'http://[fd00::1]/terms',
  ],
  'link-local': [
    'http://169.254.169.254/latest/meta-data/',
    'http://169.254.0.1/terms',
    'http://[fe80::1]/terms',
  ],
  'IPv4-mapped and -compatible IPv6': [
    'http://[::ffff:127.0.0.1]:PORT/terms',
    'http://[::ffff:7f00:1]:PORT/terms',
    'http://[0:0:0:0:0:ffff:127.0.0.1]:PORT/terms',
    'http://[::ffff:10.0.0.1]/terms',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    'http://[::127.0.0.1]:PORT/terms',
    'http://[64:ff9b::7f00:1]:PORT/terms',
  ],
  'non-http schemes': [
    'file:///etc/passwd',
    'file://localhost/etc/passwd',
    'gopher://127.0.0.1:PORT/_GET%20/terms',
    'ftp://127.0.0.1:PORT/terms',
    'data:text/html,<h1>terms</h1>',
    'javascript:alert(1)',
    'ws://127.0.0.1:PORT/terms',
  ],
};

describe.each(Object.entries(TARGETS))('%s addresses', (_, templates) => {
  it.each(templates)('%s: 422 with the spec message, nothing reaches the listener', async (template) => {
    const url = template.replace('PORT', String(local.port));
    await configure(t.ctx.db, url);
    const before = local.hits.length;
    await expectRefused(visitor, url);
    expect(local.hits.length).toBe(before);
  });
});

describe('redirects from a public host to a private address', () => {
  let redirecting: Awaited<ReturnType<typeof appWithTermsNetwork>>;
  beforeAll(async () => {
    redirecting = await appWithTermsNetwork(loopbackAsPublic(local.port));
  });
  afterAll(() => redirecting.app.close());

  const REDIRECT_TARGETS = [
    'http://127.0.0.1:PORT/secret',
    'http://localhost:PORT/secret',
    'http://[::1]:PORT/secret',
    'http://2130706433:PORT/secret',
    'http://[::ffff:127.0.0.1]:PORT/secret',
    'http://10.0.0.1/secret',
    'http://172.16.0.1/secret',
    'http://192.168.1.1/secret',
    'http://169.254.169.254/latest/meta-data/',
    'file:///etc/passwd',
    'gopher://127.0.0.1:PORT/_x',
  ];

  it.each(REDIRECT_TARGETS)('a 302 to %s is refused before a second request', async (template) => {
    const target = template.replace('PORT', String(local.port));
    const url = `http://public.example.com/redirect-to?u=${encodeURIComponent(target)}`;
    await configure(redirecting.app.ctx.db, url);
    const before = local.hits.length;
    await expectRefused(redirecting.visitor, url);
    // Only the public host's own request arrived: the redirect was never followed.
    expect(local.hits.slice(before)).toEqual([`/redirect-to?u=${encodeURIComponent(target)}`]);
  });
});
