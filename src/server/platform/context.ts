import type { Config } from '../config';
import type { SignInHook } from './auth/sign-in-hook';
import type { Database, Db } from './db/database';
import type { Storage } from './files/storage';
import type { RateLimitStore } from './http/rate-limit';
import type { WebPages } from './http/web-pages';
import type { Mailer } from './mail/mailer';

/**
 * Everything a route needs from the running app, built once in app.ts and handed to every
 * handler. Plain values, wired by hand: no container.
 */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  pages: WebPages;
  /** Fixed-window counters shared by every process: the database, or Redis with REDIS_URL. */
  rateLimits: RateLimitStore;
  /** The current time; tests move it to expire sessions and tokens. */
  now: () => Date;
  /** Run at every sign-in and registration, in the session's transaction (the cart's merge). */
  onSignIn: readonly SignInHook[];
};
