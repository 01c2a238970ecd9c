import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { TOTAL_UPLOAD_LIMIT_BYTES } from '../domain/files/file-rules';
import type { Config } from './config';
import { mergeGuestCartAtSignIn } from './modules/cart';
import { requestPageTheme } from './modules/settings';
import { shopDocument } from './modules/storefront';
import { ensureSession, needsSession, readSession } from './platform/auth/request-session';
import type { AppContext } from './platform/context';
import type { Database } from './platform/db/database';
import { withReferenceCache } from './platform/db/reference-cache';
import { settingsStorage } from './platform/files/settings-storage';
import { localDiskStorage, type Storage } from './platform/files/storage';
import { type AnyRoute, mountRoutes } from './platform/http/define-route';
import {
  answerClientError,
  handleError,
  handleFrameworkError,
  MESSAGES,
  PRIVATE_NO_STORE,
} from './platform/http/errors';
import { wantsJson } from './platform/http/negotiation';
import { databaseRateLimits, type RateLimitStore, redisRateLimits } from './platform/http/rate-limit';
import { registerTransportSecurity } from './platform/http/transport-security';
import { loadWebPages } from './platform/http/web-pages';
import { type LogStream, loggerOptions } from './platform/logging/redaction';
import { createMailer } from './platform/mail/mailer';
import { allRoutes } from './routes';

/** A real Content-Security-Policy: no inline or foreign script; styles inline for Mantine. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export type BuildAppOptions = {
  config: Config;
  database: Database;
  now?: () => Date;
  storage?: Storage;
  /** Require the built browser bundles (true for `npm start`; tests run without a build). */
  requireWebBuild?: boolean;
  /** The routes to mount: every module's by default; platform tests add their own probes. */
  routes?: readonly AnyRoute[];
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
};

/**
 * The rate-limit counters (docs/decisions/0081): in Redis when REDIS_URL names one, counted in the
 * database whenever Redis does not answer; in the database otherwise. The connection closes with the app.
 */
function rateLimitStore(config: Config, database: Database, app: FastifyInstance): RateLimitStore {
  const inDatabase = databaseRateLimits(database.db);
  if (!config.redisUrl) return inDatabase;
  // Commands fail at once while Redis is away (no queue): the database counts meanwhile.
  const redis = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', (error) => app.log.warn({ err: error }, 'Redis is not answering'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return redisRateLimits(redis, inDatabase, (error) =>
    app.log.warn({ err: error }, 'Rate limit counted in the database: Redis did not answer'),
  );
}

export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Reset tokens and slugs fit easily; longer path parameters answer 414 in JSON.
    routerOptions: { maxParamLength: 300 },
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: answerClientError,
  });

  // The driver the system settings choose, per request (docs/decisions/0072).
  const chosen = options.storage
    ? null
    : settingsStorage(database.db, localDiskStorage(path.join(config.dataDir, 'uploads')));
  const storage: Storage = options.storage ?? chosen!;
  const rateLimits = rateLimitStore(config, database, app);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    storage,
    mailer: createMailer(database.db, path.join(config.dataDir, 'mail'), app.log),
    now: options.now ?? (() => new Date()),
    onSignIn: [mergeGuestCartAtSignIn],
    rateLimits,
    pages: await loadWebPages(
      config.distDir,
      {
        csrfToken: async (req, reply) => (await ensureSession(ctx, req, reply)).csrfToken,
        errorDocument: (req, status, message) =>
          shopDocument(ctx, req, { page: 'error', props: { status, message } }),
        theme: (req, path) => requestPageTheme(ctx, req, path),
      },
      options.requireWebBuild ?? false,
    ),
  };

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart, {
    limits: { fileSize: TOTAL_UPLOAD_LIMIT_BYTES, files: 50, fields: 20, fieldSize: 100 * 1024 },
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    // Sent by registerTransportSecurity: only in production and only over HTTPS.
    strictTransportSecurity: false,
  });
  registerTransportSecurity(app, config);
  // Pages and JSON go out compressed to browsers that accept it (the storefront's HTML was 44 KiB
  // sent as is): brotli at a fast level, or gzip. Built assets carry their own .br/.gz copies
  // (below), images and xlsx/PDF files are not compressible types, bodies sent compressed are
  // refused rather than inflated.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    globalDecompression: false,
  });

  // A GET (which never writes) reads settings, currencies, rules and the menu through the
  // process's reference cache (docs/decisions/0064); other methods read them from the database.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    // A write chooses its storage here, before any use case opens its transaction; a read (which
    // stores nothing, and reads files outside transactions) when it first touches a file, so
    // /healthz and most pages never read the storage settings (docs/decisions/0072).
    const reading = req.method === 'GET' || req.method === 'HEAD';
    const next = () =>
      chosen
        ? chosen.forRequest(() => done(), {
            eager: !reading,
            knownVersion: req.sessionState.referenceVersion,
          })
        : done();
    readSession(ctx, req).then(
      () => (reading ? withReferenceCache(ctx.db, next, req.sessionState.referenceVersion) : next()),
      done,
    );
  });

  // Every reply that depends on the session (pages with their CSRF token, /api/user, /api/auth/status,
  // any JSON) stays out of shared and browser caches unless its route says otherwise.
  app.addHook('onSend', async (req, reply, payload) => {
    if (!reply.hasHeader('cache-control') && needsSession(req.url))
      reply.header('Cache-Control', PRIVATE_NO_STORE);
    return payload;
  });

  // Built assets carry a content hash in their names, so they are cached for a year; the build
  // writes .br and .gz copies beside them (scripts/build.ts), sent to browsers that accept them
  // with Vary: Accept-Encoding. HTML pages are never served from here (they carry the CSRF token).
  const assets = path.join(config.distDir, 'client/assets');
  if (fs.existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
      preCompressed: true,
    });
  }

  app.setErrorHandler((error, req, reply) => handleError(error, req, reply));
  app.setNotFoundHandler(async (req, reply) => {
    if (req.method === 'GET' && !wantsJson(req))
      return ctx.pages.error(req, reply, 404, 'This page could not be found.');
    return reply.code(404).send({ message: MESSAGES.notFound });
  });

  mountRoutes(app, ctx, options.routes ?? allRoutes);
  return { app, ctx };
}
