import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { fetchExternalContentRoute } from '../server/modules/credit/partner-credit.routes';
import { realNetwork, type TermsNetwork } from '../server/modules/credit/partner-terms';
import { allRoutes } from '../server/routes';
import { createTestApp } from './test-app';

/**
 * The networks the partner-terms fetch is tested over (DECISIONS 21, docs/decisions/0062): the
 * machine has no internet, so a public host is simulated, and a local listener counts every request
 * that reaches it (the refusals must leave it untouched). Shared by the API test and the SSRF battery.
 */

export type FakePage = { status?: number; location?: string; type?: string; body?: string | Buffer };

/** A fake public network: the name resolves to a public address and the server answers `pages`. */
export function fakeNetwork(
  pages: Record<string, FakePage>,
  dns: Record<string, string[]> = { 'terms.example.com': ['93.184.216.34'] },
): TermsNetwork & { requested: string[] } {
  const requested: string[] = [];
  return {
    requested,
    async resolve(host) {
      const answer = dns[host];
      if (!answer) throw new Error('ENOTFOUND');
      return answer;
    },
    async get(url, address) {
      requested.push(`${url.href}@${address}`);
      const page = pages[url.href];
      if (!page) return { status: 404, location: null, contentType: 'text/plain', body: Readable.from([]) };
      return {
        status: page.status ?? 200,
        location: page.location ?? null,
        contentType: page.type ?? 'text/html',
        body: Readable.from([page.body ?? '']),
      };
    },
  };
}

/**
 * A network on which `host` is a public name whose requests really go to the local listener on
 * `port` (it plays the public host, e.g. to send a redirect); every other name and address goes
 * over the real network, so a redirect to localhost or 127.0.0.1 meets the real checks.
 */
export function loopbackAsPublic(port: number, host = 'public.example.com'): TermsNetwork {
  return {
    resolve: async (name) => (name === host ? ['93.184.216.34'] : realNetwork.resolve(name)),
    get: (url, address, signal) =>
      url.hostname === host
        ? realNetwork.get(
            new URL(`${url.pathname}${url.search}`, `http://127.0.0.1:${port}`),
            '127.0.0.1',
            signal,
          )
        : realNetwork.get(url, address, signal),
  };
}

/** An app whose fetch-external-content route runs over `network`, and a visitor with a session. */
export async function appWithTermsNetwork(network: TermsNetwork) {
  const app = await createTestApp({
    routes: [
      ...allRoutes.filter((r) => r.url !== '/api/fetch-external-content'),
      fetchExternalContentRoute(network),
    ],
  });
  const visitor = app.agent();
  await visitor.visit();
  return { app, visitor };
}

export type LocalListener = { port: number; hits: string[]; close(): Promise<void> };

/**
 * A local HTTP server that records every request: `/redirect-private` and `/redirect-loopback`
 * answer 302 to a private address and to itself, `/redirect-to?u=<url>` to any URL, anything
 * else a secret.
 */
export async function localListener(): Promise<LocalListener> {
  const hits: string[] = [];
  let port = 0;
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname === '/redirect-private') {
      res.writeHead(302, { location: 'http://10.0.0.1/secret' }).end();
      return;
    }
    if (url.pathname === '/redirect-loopback') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
      return;
    }
    if (url.pathname === '/redirect-to') {
      res.writeHead(302, { location: url.searchParams.get('u') ?? '/' }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('internal secret');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    port,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
