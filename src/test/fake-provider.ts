import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
};
export type FakeReply = { status?: number; json?: unknown; delayMs?: number };
export type FakeHandler = (request: ReceivedRequest) => FakeReply;

/**
 * A local HTTP server standing in for an outside provider (SMS gateway, messaging API) in tests
 * and the e2e journey: it keeps every request it receives and answers what `handler` says.
 */
export async function startFakeProvider(handler: FakeHandler) {
  const received: ReceivedRequest[] = [];
  let current = handler;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      let body: unknown = raw;
      try {
        body = raw === '' ? null : JSON.parse(raw);
      } catch {}
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      received.push(request);
      const reply = current(request);
      const send = () => {
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        res.end(reply.json === undefined ? '' : JSON.stringify(reply.json));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setHandler(next: FakeHandler) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The SMS gateway as the adapter expects it (docs/decisions/0029), with per-message statuses. */
export function fakeSmsGatewayHandler(state: { next: number; statuses: Map<string, string> }): FakeHandler {
  return (request) => {
    if (request.method === 'POST' && /\/messages$/.test(request.path)) {
      const id = `msg-${++state.next}`;
      state.statuses.set(id, 'sent');
      return { json: { message_id: id, status: 'accepted' } };
    }
    const match = /\/messages\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && match) {
      const id = decodeURIComponent(match[1]!);
      const status = state.statuses.get(id);
      return status
        ? { json: { message_id: id, status } }
        : { status: 404, json: { error: 'Unknown message' } };
    }
    return { status: 404, json: { error: 'Not found' } };
  };
}
