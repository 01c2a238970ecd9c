import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { builtServer } from '../../../scripts/build-server';
import { DEFAULT_DEMO_PASSWORD } from '../../server/config';
import { type Database, openPostgres } from '../../server/platform/db/database';
import { adminUrl, withDatabase } from '../test-database';

/**
 * Two real app processes on one PostgreSQL database (issue 18, docs/decisions/0076): the
 * production build started as `npm start` starts it, on two ports, sharing nothing but the
 * database and the data folder (mail and SMS sandboxes, files). Requests alternate between them,
 * so whatever a request needs must come from PostgreSQL. The tests read their invariants from
 * the database afterwards through `db`.
 */
export type AppProcess = {
  name: string;
  port: number;
  base: string;
  /** Starts the process (again) and waits for /healthz. */
  start(): Promise<void>;
  /** SIGTERM and wait: a graceful stop. */
  stop(): Promise<void>;
  /** SIGKILL: the crash. Resolves when the process is gone. */
  kill9(): Promise<void>;
  running(): boolean;
};

export type Cluster = {
  a: AppProcess;
  b: AppProcess;
  /** The two processes, in the order requests alternate between them. */
  processes: AppProcess[];
  db: Database['db'];
  dataDir: string;
  /** A browser-like visitor with a guest session and its CSRF token (the page's meta tag). */
  guest(): Promise<Client>;
  /** A visitor signed in with a password (as scripts/bench.ts signs in over HTTP). */
  signIn(email: string, password?: string): Promise<Client>;
  /** Every reply of status 500 or more seen by any client, with its body. */
  serverErrors: { url: string; status: number; body: string }[];
  close(): Promise<void>;
};

// biome-ignore lint/suspicious/noExplicitAny: a reply's JSON, read by the tests as they expect it.
type Json = Record<string, any>;
export type Reply = { status: number; json: Json; body: string; via: string };

const REPO = path.resolve(import.meta.dirname, '../../..');
const BOOT_TIMEOUT_MS = 90_000;

function startProcess(name: string, port: number, env: Record<string, string>, logFile: string): AppProcess {
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  const base = `http://127.0.0.1:${port}`;

  async function waitHealthy(): Promise<void> {
    const deadline = Date.now() + BOOT_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (!child || child.exitCode !== null) {
        const log = await fs.readFile(logFile, 'utf8').catch(() => '');
        throw new Error(`process ${name} exited while starting:\n${log.slice(-4000)}`);
      }
      const ok = await fetch(`${base}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error(`process ${name} did not answer /healthz within ${BOOT_TIMEOUT_MS} ms`);
  }

  return {
    name,
    port,
    base,
    async start() {
      const log = await fs.open(logFile, 'a');
      const spawned = spawn(process.execPath, [builtServer('main')], {
        cwd: REPO,
        env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', log.fd, log.fd],
      });
      child = spawned;
      exited = new Promise((resolve) => spawned.once('exit', () => resolve()));
      exited.finally(() => log.close()).catch(() => {});
      await waitHealthy();
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
    async kill9() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
  };
}

/**
 * A visitor over real HTTP: keeps its cookies, sends the XHR and JSON headers the front end sends
 * and its session's CSRF token; each request goes to the next process in turn (round robin over
 * the running ones), so one visitor's session is read by both.
 */
export class Client {
  cookies = new Map<string, string>();
  csrfToken = '';

  constructor(private readonly cluster: { next(): AppProcess; record(reply: Reply, url: string): void }) {}

  /** Another tab of the same browser: the same session, its own requests in flight. */
  tab(): Client {
    const tab = new Client(this.cluster);
    tab.cookies = new Map(this.cookies);
    tab.csrfToken = this.csrfToken;
    return tab;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: string,
    url: string,
    body?: unknown,
    options: { via?: AppProcess; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const target = options.via ?? this.cluster.next();
    const headers: Record<string, string> = {
      'x-requested-with': 'XMLHttpRequest',
      accept: 'application/json',
      ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
      ...(this.csrfToken && method !== 'GET' ? { 'x-csrf-token': this.csrfToken } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    };
    const response = await fetch(`${target.base}${url}`, {
      method,
      headers,
      redirect: 'manual',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const key = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = value === '' || attributes.some((a) => /max-age=0\b/i.test(a.trim()));
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, value);
    }
    const text = await response.text();
    let json: Json = {};
    try {
      json = JSON.parse(text);
    } catch {}
    const reply = { status: response.status, json, body: text, via: target.name };
    this.cluster.record(reply, `${method} ${url}`);
    return reply;
  }

  get(url: string, options?: { via?: AppProcess }) {
    return this.request('GET', url, undefined, options);
  }
  post(url: string, body?: unknown, options?: { via?: AppProcess }) {
    return this.request('POST', url, body ?? {}, options);
  }
  put(url: string, body?: unknown, options?: { via?: AppProcess }) {
    return this.request('PUT', url, body ?? {}, options);
  }
  patch(url: string, body?: unknown, options?: { via?: AppProcess }) {
    return this.request('PATCH', url, body ?? {}, options);
  }

  /** Opens a page like a browser: a session cookie and the CSRF meta tag. */
  async visit(url = '/login', options?: { via?: AppProcess }): Promise<Reply> {
    const reply = await this.request('GET', url, undefined, {
      ...options,
      headers: { accept: 'text/html', 'x-requested-with': '' },
    });
    const match = /<meta name="csrf-token" content="([^"]+)"/.exec(reply.body);
    if (match) this.csrfToken = match[1]!;
    return reply;
  }
}

/**
 * Starts a cluster on a fresh database `race_<random>` copied from the test run's migrated
 * template: process A with the demo seed, then B (the seed is idempotent, but B skips it so the two
 * never seed at once). `ports`: two free ports of the caller's range.
 */
export async function startCluster(ports: [number, number]): Promise<Cluster> {
  const name = `race_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templatePath')}`);
  await admin.end();
  const url = withDatabase(adminUrl(), name);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'race-data-'));
  const env = {
    DATABASE_URL: url,
    EMPORIUM_DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    EMPORIUM_DEMO_PASSWORD: DEFAULT_DEMO_PASSWORD,
  };
  const a = startProcess('A', ports[0], { ...env, EMPORIUM_SEED_DEMO: 'true' }, path.join(dataDir, 'a.log'));
  const b = startProcess('B', ports[1], { ...env, EMPORIUM_SEED_DEMO: 'false' }, path.join(dataDir, 'b.log'));
  const processes = [a, b];
  const database = await openPostgres(url, 5);
  const serverErrors: Cluster['serverErrors'] = [];
  let turn = 0;
  const router = {
    next(): AppProcess {
      const running = processes.filter((p) => p.running());
      const list = running.length > 0 ? running : processes;
      return list[turn++ % list.length]!;
    },
    record(reply: Reply, where: string) {
      if (reply.status >= 500) serverErrors.push({ url: where, status: reply.status, body: reply.body });
    },
  };
  try {
    await a.start();
    await b.start();
  } catch (error) {
    await Promise.all(processes.map((p) => p.stop()));
    await database.close();
    await dropDatabase(name);
    throw error;
  }

  return {
    a,
    b,
    processes,
    db: database.db,
    dataDir,
    serverErrors,
    async guest() {
      const client = new Client(router);
      await client.visit('/login');
      return client;
    },
    async signIn(email, password = DEFAULT_DEMO_PASSWORD) {
      const client = new Client(router);
      await client.visit('/login');
      const reply = await client.post('/login', { email, password });
      if (reply.status !== 200) throw new Error(`sign-in of ${email} failed: ${reply.status} ${reply.body}`);
      client.csrfToken = reply.json.csrf_token;
      return client;
    },
    async close() {
      await Promise.all(processes.map((p) => p.stop()));
      await database.close();
      await dropDatabase(name);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** Runs `count` calls of `run` at once and answers their results in order. */
export function all<T>(count: number, run: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => run(i)));
}
