import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { CREDIT_MESSAGES as M } from '../../../domain/credit/credit';
import { fieldError } from '../../../domain/errors';
import { escapeHtml } from '../../../domain/templates/render-template';
import type { AppContext } from '../../platform/context';
import { sanitizeTemplateHtml } from '../../platform/html/sanitize-html';
import { getSetting } from '../../platform/settings/settings-store';

/** DECISIONS 21: the terms page may be at most this big and take at most this long. */
export const TERMS_MAX_BYTES = 512 * 1024;
export const TERMS_TIMEOUT_MS = 5000;
const MAX_REDIRECTS = 3;

/**
 * Addresses the server must never be sent to (DECISIONS 21): "this network", private (10/8,
 * 172.16/12, 192.168/16), carrier-grade NAT, loopback, link-local (169.254/16, fe80::/10, the
 * cloud metadata address), documentation, benchmarking, multicast and reserved ranges, unique
 * local IPv6 (fc00::/7), IPv4-compatible IPv6 (::/96), and the IPv4 ranges again as IPv4-mapped or NAT64 IPv6 addresses.
 * (An IPv4-mapped subnet is not added to the list: BlockList would then match every IPv4 address;
 * mapped addresses are unwrapped and checked as IPv4 instead.)
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // The unspecified and loopback addresses, and the deprecated IPv4-compatible ::a.b.c.d.
  ['::', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** An address on the public internet (not private, loopback, link-local or reserved). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
  }
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type FetchedPage = { status: number; location: string | null; contentType: string; body: Readable };

/**
 * The network under the terms fetch: name resolution, and one GET sent to an address already
 * checked (so a second DNS answer cannot swap in a private address). Tests give their own.
 */
export type TermsNetwork = {
  resolve(host: string): Promise<string[]>;
  get(url: URL, address: string, signal: AbortSignal): Promise<FetchedPage>;
};

export const realNetwork: TermsNetwork = {
  async resolve(host) {
    const answers = await dnsLookup(host, { all: true, verbatim: true });
    return answers.map((a) => a.address);
  },
  get(url, address, signal) {
    return new Promise((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const request = client.get(
        url,
        {
          signal,
          headers: { accept: 'text/html, text/plain' },
          // Connect to the checked address only; TLS still verifies the URL's host name.
          lookup: (_host, options, callback) => {
            const family = isIP(address);
            if ((options as { all?: boolean }).all) callback(null, [{ address, family }] as never, family);
            else callback(null, address, family);
          },
        },
        (response) =>
          resolve({
            status: response.statusCode ?? 0,
            location: typeof response.headers.location === 'string' ? response.headers.location : null,
            contentType: String(response.headers['content-type'] ?? ''),
            body: response,
          }),
      );
      request.on('error', reject);
    });
  },
};

const refuse = () => fieldError('url', M.termsUnavailable);

/** The host's addresses, every one public, or a refusal (a literal IP is its own answer). */
export async function publicAddresses(url: URL, network: TermsNetwork): Promise<string[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse();
  if (url.username || url.password) throw refuse();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await network.resolve(host);
  } catch {
    throw refuse();
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw refuse();
  return addresses;
}

async function readLimited(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > TERMS_MAX_BYTES) {
      body.destroy();
      throw refuse();
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * POST /api/fetch-external-content (spec 3 §7, DECISIONS 21): fetches the configured partner
 * terms URL and nothing else (exact match), over http(s) only, to public addresses only (every
 * address the name resolves to is checked, and each redirect is checked again), at most
 * TERMS_MAX_BYTES within TERMS_TIMEOUT_MS. Anything else is a 422 with the spec's message.
 * HTML is sanitised; plain text is escaped.
 */
export async function fetchPartnerTerms(
  ctx: Pick<AppContext, 'db'>,
  requested: string,
  network: TermsNetwork = realNetwork,
): Promise<{ success: true; content: string; message: string }> {
  const configured = (await getSetting(ctx.db, 'partner_terms_conditions_url')).trim();
  if (!configured || requested !== configured) throw refuse();
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw refuse();
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TERMS_TIMEOUT_MS);
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const [address] = await publicAddresses(url, network);
      let page: FetchedPage;
      try {
        page = await network.get(url, address!, controller.signal);
      } catch {
        throw refuse();
      }
      if (page.status >= 300 && page.status < 400 && page.location) {
        page.body.resume();
        try {
          url = new URL(page.location, url);
        } catch {
          throw refuse();
        }
        continue;
      }
      if (page.status !== 200) {
        page.body.resume();
        throw refuse();
      }
      const text = await readLimited(page.body);
      const content = /html/i.test(page.contentType)
        ? sanitizeTemplateHtml(text)
        : `<p>${escapeHtml(text)
            .replace(/\r?\n\r?\n/g, '</p><p>')
            .replace(/\r?\n/g, '<br>')}</p>`;
      return { success: true, content, message: 'Terms loaded.' };
    }
    throw refuse();
  } catch (error) {
    if (controller.signal.aborted) throw refuse();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
