import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../server/app';
import { type Config, loadConfig } from '../server/config';
import { allJobs } from '../server/jobs';
import type { AppContext } from '../server/platform/context';
import type { Database } from '../server/platform/db/database';
import type { AnyRoute } from '../server/platform/http/define-route';
import { runDueJobs } from '../server/platform/jobs/job-queue';
import { jobs } from '../server/platform/jobs/jobs.tables';
import { createUser, TEST_PASSWORD, type UserOverrides } from './factories';
import { freshDatabase, recycleDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  dataDir: string;
  /** Every log line the app wrote, when created with `logLevel` (else empty). */
  logs: string[];
  /** Moves the app's clock forward (sessions, tokens, rate-limit windows). */
  advance(ms: number): void;
  agent(): Agent;
  /**
   * Runs every queued job that is due now on the app's clock (the worker does not run in tests):
   * call it before reading the mailbox. Answers how many jobs ran.
   */
  runDueJobs(): Promise<number>;
  /**
   * Runs the queue until no job is left to do, bringing each retry's backoff forward instead of
   * moving the clock: a failing job ends failed after its attempts.
   */
  settleJobs(): Promise<void>;
  /** A signed-in agent for a new user with these roles. */
  signedIn(
    roles: string[],
    overrides?: UserOverrides,
  ): Promise<Agent & { user: { id: number; email: string } }>;
  close(): Promise<void>;
};

type Body = Record<string, unknown> | unknown[] | string | Buffer | undefined;

/**
 * A browser-like client over app.inject: keeps cookies, sends the XHR and JSON headers the
 * front end sends, and the CSRF token of its session.
 */
export class Agent {
  cookies = new Map<string, string>();
  csrfToken = '';

  constructor(private readonly app: FastifyInstance) {}

  /** The Cookie header this agent sends: for a real HTTP request against the listening app. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired = cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const { csrf = true, headers = {}, ...rest } = options;
    const response = await this.app.inject({
      ...rest,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        accept: 'application/json',
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(csrf && this.csrfToken ? { 'x-csrf-token': this.csrfToken } : {}),
        ...headers,
      },
    });
    this.remember(response);
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, ...(headers ? { headers } : {}) });
  }
  post(url: string, body?: Body, headers?: Record<string, string>) {
    return this.request({
      method: 'POST',
      url,
      payload: body as InjectOptions['payload'],
      ...(headers ? { headers } : {}),
    });
  }
  put(url: string, body?: Body) {
    return this.request({ method: 'PUT', url, payload: body as InjectOptions['payload'] });
  }
  patch(url: string, body?: Body) {
    return this.request({ method: 'PATCH', url, payload: body as InjectOptions['payload'] });
  }
  delete(url: string, body?: Body) {
    return this.request({ method: 'DELETE', url, payload: body as InjectOptions['payload'] });
  }

  /** Opens a page like a browser: gets a session cookie and reads the CSRF meta tag. */
  async visit(url = '/login'): Promise<LightMyRequestResponse> {
    const response = await this.request({
      method: 'GET',
      url,
      headers: { accept: 'text/html', 'x-requested-with': '' },
    });
    const match = /<meta name="csrf-token" content="([^"]+)"/.exec(response.body);
    if (match) this.csrfToken = match[1]!;
    return response;
  }

  async signIn(email: string, password = TEST_PASSWORD): Promise<LightMyRequestResponse> {
    if (!this.csrfToken) await this.visit();
    const response = await this.post('/login', { email, password });
    if (response.statusCode === 200) this.csrfToken = response.json().csrf_token;
    return response;
  }
}

/**
 * A `prepareDist` that gives the app the storefront's real server renderer, from source (loaded by
 * the test runner): pages' HTML is then what a browser gets before any script runs.
 */
export async function withSourceRenderer(dist: string): Promise<void> {
  await fs.mkdir(path.join(dist, 'ssr'), { recursive: true });
  const source = pathToFileURL(path.resolve('src/web/shop/entry-server.tsx')).href;
  await fs.writeFile(path.join(dist, 'ssr/entry-server.js'), `export { render } from '${source}';\n`);
}

/** A whole app on its own fresh database and data folder, for one test file. */
export async function createTestApp(
  options: {
    routes?: readonly AnyRoute[];
    /** Fills the app's dist folder before the app starts (tests of built assets); empty by default. */
    prepareDist?: (distDir: string) => Promise<void>;
    /** Logs at this level into `logs` (tests are silent otherwise). */
    logLevel?: string;
    /** Settings of the process as the environment would give them (production behind a proxy). */
    config?: Partial<Config>;
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase(inject('templatePath'));
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'emporium-test-'));
  let offset = 0;
  const logs: string[] = [];
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      EMPORIUM_DATA_DIR: dataDir,
      PORT: '0',
      ...(options.logLevel ? { LOG_LEVEL: options.logLevel } : {}),
    }),
    distDir: path.join(dataDir, 'dist'),
    ...options.config,
  };
  await options.prepareDist?.(config.distDir);
  const { app, ctx } = await buildApp({
    config,
    database,
    now: () => new Date(Date.now() + offset),
    ...(options.routes ? { routes: options.routes } : {}),
    ...(options.logLevel ? { logStream: { write: (line: string) => void logs.push(line) } } : {}),
  });
  await app.ready();
  return {
    app,
    ctx,
    database,
    dataDir,
    logs,
    advance(ms) {
      offset += ms;
    },
    agent: () => new Agent(app),
    runDueJobs: () => runDueJobs(ctx, allJobs),
    async settleJobs() {
      for (let round = 0; round < 50; round++) {
        await runDueJobs(ctx, allJobs);
        const waiting = await database.db
          .update(jobs)
          .set({ runAt: ctx.now() })
          .where(eq(jobs.status, 'queued'))
          .returning({ id: jobs.id });
        if (waiting.length === 0) return;
      }
      throw new Error('jobs still queued after 50 rounds');
    },
    async signedIn(roles, overrides = {}) {
      const user = await createUser(database.db, { roles, ...overrides });
      const agent = new Agent(app);
      const response = await agent.signIn(user.email);
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
      return Object.assign(agent, { user: { id: user.id, email: user.email } });
    },
    async close() {
      await app.close();
      await recycleDatabase(database);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
