import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { builtServer, SERVER_NODE_FLAGS, type ServerEntry } from '../../../scripts/build-server';

/**
 * A server process of the app, as production runs it (`node <flags> dist/server/<entry>.mjs`, built
 * first when its sources changed), its output kept for the failure message.
 */
export function spawnServer(entry: ServerEntry, env: Record<string, string>) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, builtServer(entry)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a failed test can end a cluster's workers with their primary.
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const killAll = () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
  };
  return { child, exited, output: () => output, killAll };
}

/** One HTTP request, answered as status, headers and text. */
export function request(
  port: number,
  options: http.RequestOptions & { body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, ...options }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Waits until GET /readyz answers 200 (the process migrated and listens), or the process ends.
 * `host`: where it listens (an app started with HOST=localhost may listen on ::1 only).
 */
export async function waitUntilReady(
  port: number,
  server: ChildProcess,
  timeoutMs = 150_000,
  host = '127.0.0.1',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const answer = await request(port, { host, path: '/readyz' }).catch(() => null);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become ready');
}

/** The session cookie and CSRF token of a guest who opened the login page. */
export async function guestSession(port: number): Promise<{ cookie: string; csrf: string }> {
  const page = await request(port, { path: '/login', headers: { accept: 'text/html' } });
  const cookie = String(page.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return { cookie, csrf };
}
