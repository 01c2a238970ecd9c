import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { getSetting } from '../settings/settings-store';
import {
  createSession,
  type LoadedSession,
  loadSession,
  type NewSession,
  REMEMBER_DAYS,
  SESSION_COOKIE,
  type SessionState,
  touchSession,
} from './sessions';
import { hashToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    sessionState: SessionState;
  }
}

/**
 * Paths that never need a session: built assets, uploads, health, what crawlers read (the
 * sitemap lists what guests see, whoever asks; docs/decisions/0047), and the API document, the
 * same for everyone (docs/decisions/0074).
 */
const SESSIONLESS = [
  /^\/assets\//,
  /^\/uploads\//,
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/favicon\.ico$/,
  /^\/sitemap\.xml$/,
  /^\/robots\.txt$/,
  /^\/api\/docs(\/openapi\.json)?$/,
];

export function needsSession(url: string): boolean {
  return !SESSIONLESS.some((pattern) => pattern.test(url));
}

/** onRequest: reads the session cookie once per request and slides its idle expiry. */
export async function readSession(ctx: AppContext, req: FastifyRequest): Promise<void> {
  req.sessionState = { status: 'none' };
  if (!needsSession(req.url)) return;
  const cookie = req.cookies[SESSION_COOKIE];
  if (!cookie) return;
  const now = ctx.now();
  const read = req.routeOptions.config?.sessionSideRead;
  const input = read ? read.input(req.params) : null;
  req.sessionState = await loadSession(
    ctx.db,
    cookie,
    now,
    read && input !== null ? { read, input } : undefined,
  );
  if (req.sessionState.status === 'active') {
    await touchSession(
      ctx.db,
      req.sessionState.session,
      () => getSetting(ctx.db, 'session_idle_minutes'),
      now,
    );
  }
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, session: NewSession): void {
  reply.setCookie(SESSION_COOKIE, session.cookieValue, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secureTransport,
    ...(session.remember ? { maxAge: REMEMBER_DAYS * 24 * 60 * 60 } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * The session of a page view: the current one, or a new guest session (so the page can carry a
 * CSRF token for its forms).
 */
export async function ensureSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<LoadedSession> {
  if (req.sessionState.status === 'active') return req.sessionState.session;
  const now = ctx.now();
  const idle = await getSetting(ctx.db, 'session_idle_minutes');
  const created = await createSession(ctx.db, {
    userId: null,
    activeRole: null,
    remember: false,
    idleMinutes: idle,
    now,
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
  });
  setSessionCookie(req, reply, created);
  const session: LoadedSession = {
    idHash: hashToken(created.cookieValue),
    csrfToken: created.csrfToken,
    remember: false,
    expiresAt: created.expiresAt,
    lastSeenAt: now,
    user: null,
    activeRole: null,
    roles: [],
    permissions: new Set(),
  };
  req.sessionState = { status: 'active', session };
  return session;
}
