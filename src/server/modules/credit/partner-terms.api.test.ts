import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_MESSAGES as M } from '../../../contracts/credit';
import {
  appWithTermsNetwork,
  fakeNetwork,
  type LocalListener,
  localListener,
  loopbackAsPublic,
} from '../../../test/terms-network';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { setSettings } from '../../platform/settings/settings-store';
import { isPublicAddress, publicAddresses, TERMS_MAX_BYTES } from './partner-terms';

/**
 * DECISIONS 21: POST /api/fetch-external-content fetches the configured partner terms URL only,
 * never a private, loopback or link-local address. The machine has no internet, so the success
 * path runs over a network that resolves a public name and answers like a web server; every
 * refusal runs over the real network (and a local server proves nothing reached it).
 */
let t: TestApp;
let agent: Agent;
let local: LocalListener;
let localPort: number;
let hits: string[];

const TERMS = 'https://terms.example.com/partner';
const appWith = appWithTermsNetwork;

beforeAll(async () => {
  t = await createTestApp();
  agent = t.agent();
  await agent.visit();
  local = await localListener();
  localPort = local.port;
  hits = local.hits;
});
afterAll(async () => {
  await local.close();
  await t.close();
});

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['::1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['100.64.0.1', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::7f00:1', false],
    ['::8.8.8.8', false],
    ['64:ff9b::a00:1', false],
    ['224.0.0.1', false],
    ['not-an-ip', false],
    ['172.32.0.1', true],
    ['93.184.216.34', true],
    ['8.8.8.8', true],
    ['2606:4700::1111', true],
  ])('%s → %s', (address, expected) => expect(isPublicAddress(address)).toBe(expected));
});

describe('POST /api/fetch-external-content refusals (real network)', () => {
  const refused = async (configured: string, requested = configured) => {
    await setSettings(t.ctx.db, { partner_terms_conditions_url: configured });
    const reply = await agent.post('/api/fetch-external-content', { url: requested });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors.url).toEqual([M.termsUnavailable]);
  };

  it('refuses when no terms URL is configured', () => refused('', 'https://terms.example.com/partner'));
  it('refuses a URL other than the configured one', () => refused(TERMS, 'https://other.example.com/'));
  it('refuses an empty url', async () => {
    const reply = await agent.post('/api/fetch-external-content', { url: '' });
    expect(reply.statusCode).toBe(422);
  });

  it.each([
    'http://127.0.0.1:PORT/terms',
    'http://[::1]:PORT/terms',
    'http://localhost:PORT/terms',
    'http://10.0.0.1/terms',
    'http://172.16.5.4/terms',
    'http://192.168.0.10/terms',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:127.0.0.1]:PORT/terms',
    'http://0.0.0.0:PORT/terms',
    'http://user:pass@127.0.0.1:PORT/',
  ])('refuses %s even when it is the configured URL', async (template) => {
    const before = hits.length;
    await refused(template.replace('PORT', String(localPort)));
    expect(hits.length).toBe(before);
  });
});

describe('only http(s) to public addresses', () => {
  // The website settings already refuse such a terms URL; the fetch refuses it again.
  it.each([
    'file:///etc/passwd',
    'ftp://example.com/terms',
    'gopher://127.0.0.1/',
    'data:text/plain,hello',
    'javascript:alert(1)',
    'http://user:pass@example.com/',
  ])('refuses %s', async (url) => {
    await expect(
      publicAddresses(new URL(url), fakeNetwork({}, { 'example.com': ['93.184.216.34'] })),
    ).rejects.toMatchObject({
      code: 'validation',
      message: M.termsUnavailable,
    });
  });

  it('accepts https to a name whose every address is public', async () => {
    await expect(publicAddresses(new URL(TERMS), fakeNetwork({}))).resolves.toEqual(['93.184.216.34']);
  });
});

describe('POST /api/fetch-external-content over a simulated public network', () => {
  it('answers the configured terms, sanitised', async () => {
    const network = fakeNetwork({
      [TERMS]: { body: '<h1>Partner terms</h1><p>Pay in 30 days.</p><script>alert(1)</script>' },
    });
    const { app, visitor } = await appWith(network);
    try {
      await setSettings(app.ctx.db, { partner_terms_conditions_url: TERMS });
      const reply = await visitor.post('/api/fetch-external-content', { url: TERMS });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ success: true });
      expect(reply.json().content).toContain('Pay in 30 days.');
      expect(reply.json().content).not.toContain('<script');
      expect(network.requested).toEqual([`${TERMS}@93.184.216.34`]);
    } finally {
      await app.close();
    }
  });

  it('refuses a name that resolves to any private address, and redirects to private addresses', async () => {
    const network = fakeNetwork(
      {
        [TERMS]: { status: 302, location: 'http://10.0.0.1/admin' },
        'https://mixed.example.com/terms': { body: 'never read' },
        'https://hop.example.com/terms': { status: 301, location: 'https://internal.example.com/terms' },
        'https://big.example.com/terms': { type: 'text/plain', body: Buffer.alloc(TERMS_MAX_BYTES + 1, 'a') },
      },
      {
        'terms.example.com': ['93.184.216.34'],
        'mixed.example.com': ['93.184.216.34', '192.168.1.5'],
        'hop.example.com': ['93.184.216.35'],
        'internal.example.com': ['169.254.169.254'],
        'big.example.com': ['93.184.216.36'],
      },
    );
    const { app, visitor } = await appWith(network);
    try {
      for (const url of [
        TERMS,
        'https://mixed.example.com/terms',
        'https://hop.example.com/terms',
        'https://big.example.com/terms',
        'https://unknown.example.com/terms',
      ]) {
        await setSettings(app.ctx.db, { partner_terms_conditions_url: url });
        const reply = await visitor.post('/api/fetch-external-content', { url });
        expect(reply.statusCode, url).toBe(422);
      }
      // Neither the private redirect target nor the mixed name was ever requested.
      expect(
        network.requested.some((r) => r.includes('10.0.0.1') || r.includes('mixed') || r.includes('169.254')),
      ).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('refuses a redirect from a public-looking host to loopback over real HTTP', async () => {
    // The first hop is a real request to the local server (as if it were public); its redirect to
    // 127.0.0.1 must be refused before any second request.
    const network = loopbackAsPublic(localPort);
    const { app, visitor } = await appWith(network);
    try {
      for (const path of ['/redirect-loopback', '/redirect-private']) {
        const url = `http://public.example.com${path}`;
        await setSettings(app.ctx.db, { partner_terms_conditions_url: url });
        const before = hits.length;
        const reply = await visitor.post('/api/fetch-external-content', { url });
        expect(reply.statusCode).toBe(422);
        expect(hits.slice(before)).toEqual([path]);
      }
    } finally {
      await app.close();
    }
  });
});
