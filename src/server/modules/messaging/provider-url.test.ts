import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ProviderError, providerJson, providerUrl } from './provider-url';

describe('providerUrl', () => {
  it.each([
    ['https://api.gw.test/v1', 'messages', 'https://api.gw.test/v1/messages'],
    ['https://api.gw.test/v1/', 'messages/abc', 'https://api.gw.test/v1/messages/abc'],
    ['http://127.0.0.1:9/', 'me', 'http://127.0.0.1:9/me'],
    // A leading // cannot switch host: it stays a path under the base.
    ['https://api.gw.test/v1', '//evil.test/x', 'https://api.gw.test/v1/evil.test/x'],
  ])('%s + %s', (base, path, expected) => {
    expect(providerUrl(base, path).href).toBe(expected);
  });

  it.each([
    ['https://api.gw.test/v1', '../admin'],
    ['https://api.gw.test/v1', 'messages/%2e%2e/../../x'],
    ['ftp://api.gw.test', 'messages'],
    ['https://u:p@api.gw.test', 'messages'],
  ])('refuses %s + %s', (base, path) => {
    expect(() => providerUrl(base, path)).toThrow(ProviderError);
  });
});

describe('providerJson', () => {
  it('gives up after the time limit with a clear reason', async () => {
    const server = http.createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await expect(
      providerJson(new URL(`http://127.0.0.1:${port}/x`), { method: 'GET', headers: {}, timeoutMs: 200 }),
    ).rejects.toThrow('did not answer within');
    server.closeAllConnections();
    server.close();
  });
});
