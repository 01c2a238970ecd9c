import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Permission } from '../../../domain/access/permissions';
import { AppError } from '../../../domain/errors';
import type { SessionSideRead } from '../auth/session-side-read';
import type { LoadedSession, SignedInSession } from '../auth/sessions';
import { safeEqual } from '../auth/tokens';
import type { AppContext } from '../context';
import { BAD_TEXT_MESSAGE, badTextFields, hasBadCharacter } from './clean-input';
import { MESSAGES, zodFieldErrors } from './errors';
import { isMutating, wantsJson } from './negotiation';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `public`: anyone; `signed-in`: any signed-in user; `{ permission }`: the
 * active role must hold it (DECISIONS 1); `{ role }`: the active role must be that role (DECISIONS 2).
 */
export type Auth = 'public' | 'signed-in' | { permission: Permission } | { role: string };

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type SessionFor<A extends Auth> = A extends 'public' ? LoadedSession | null : SignedInSession;

export type HandlerInput<B, Q, P, A extends Auth> = {
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  session: SessionFor<A>;
  req: FastifyRequest;
  reply: FastifyReply;
  ctx: AppContext;
};

export type RouteDefinition<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  A extends Auth = Auth,
> = {
  method: HttpMethod;
  url: string;
  auth: A;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * A URL that is both a page and an endpoint: a browser navigation gets this page (after the
   * same auth checks), a JSON request gets the handler's reply.
   */
  page?: 'admin';
  /**
   * A page for a browser only (server-rendered HTML, or a redirect to one), never JSON: it is left
   * out of the API document (docs/decisions/0074).
   */
  html?: true;
  /** Mutating routes check the CSRF token unless this is false (signed callbacks only). */
  csrf?: false;
  /** The handler reads the multipart stream itself; the body schema is not applied. */
  multipart?: true;
  /** A read the handler needs on every request, made in the session's statement (decision 0103). */
  sessionSideRead?: SessionSideRead;
  handler: (input: HandlerInput<B, Q, P, A>) => Promise<unknown>;
};

// biome-ignore lint/suspicious/noExplicitAny: a list of routes of any shape
export type AnyRoute = RouteDefinition<any, any, any, any>;

/** Declares a route: method, URL, who may call it, the zod schemas of its input, and its handler. */
export function defineRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  const A extends Auth = Auth,
>(route: RouteDefinition<B, Q, P, A>): RouteDefinition<B, Q, P, A> {
  return route;
}

export function describeAuth(auth: Auth): string {
  if (typeof auth === 'string') return auth;
  return 'permission' in auth ? `permission:${auth.permission}` : `role:${auth.role}`;
}

function parseOrThrow<S extends z.ZodType | undefined>(schema: S, value: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const errors = zodFieldErrors(result.error);
    throw new AppError('validation', Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
  }
  return result.data as Out<S>;
}

function parseParams<S extends z.ZodType | undefined>(schema: S, value: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError('not_found', MESSAGES.notFound);
  return result.data as Out<S>;
}

/**
 * NUL bytes and unpaired surrogates are refused for every route in one place, before any schema
 * or query sees them: PostgreSQL cannot store NUL, and neither is a character anyone types.
 */
function refuseBadText(query: unknown, body: unknown): void {
  const errors = { ...badTextFields(query), ...badTextFields(body) };
  if (Object.keys(errors).length > 0) throw new AppError('validation', BAD_TEXT_MESSAGE, errors);
}

/**
 * The same refusal for multipart forms, whose parts the handler reads itself: each field's name and
 * value and each file's name are checked as the handler meets them.
 */
function checkMultipartText(req: FastifyRequest): void {
  const parts = req.parts.bind(req);
  req.parts = ((options?: Parameters<FastifyRequest['parts']>[0]) =>
    checkedParts(parts(options))) as FastifyRequest['parts'];
}

async function* checkedParts(source: ReturnType<FastifyRequest['parts']>) {
  for await (const part of source) {
    const texts = [part.fieldname, part.type === 'field' ? part.value : part.filename];
    if (texts.some((text) => typeof text === 'string' && hasBadCharacter(text))) {
      if (part.type === 'file') part.file.resume();
      throw new AppError('validation', BAD_TEXT_MESSAGE, { [part.fieldname]: [BAD_TEXT_MESSAGE] });
    }
    yield part;
  }
}

function checkCsrf(req: FastifyRequest): void {
  const state = req.sessionState;
  const header = req.headers['x-csrf-token'];
  const fromBody = (req.body as { _token?: unknown } | undefined)?._token;
  const sent = typeof header === 'string' ? header : typeof fromBody === 'string' ? fromBody : '';
  if (state.status === 'none' || !sent || !safeEqual(sent, state.session.csrfToken)) {
    throw new AppError('csrf', MESSAGES.csrf);
  }
}

/** auth → permission; answers 401 (with "Session expired" when it timed out) or 403. */
function authorize(req: FastifyRequest, auth: Auth): LoadedSession | null {
  const state = req.sessionState;
  if (auth === 'public') return state.status === 'active' ? state.session : null;
  if (state.status === 'expired') throw new AppError('session_expired', MESSAGES.sessionExpired);
  if (state.status === 'none' || !state.session.user || !state.session.activeRole) {
    throw new AppError('unauthenticated', MESSAGES.unauthenticated);
  }
  const session = state.session;
  if (auth === 'signed-in') return session;
  if ('permission' in auth && !session.permissions.has(auth.permission))
    throw new AppError('forbidden', MESSAGES.forbidden);
  if ('role' in auth && session.activeRole !== auth.role) throw new AppError('forbidden', MESSAGES.forbidden);
  return session;
}

/** The whole life of a request on a route: CSRF → auth → permission → page or validate → handler. */
async function runRoute(
  ctx: AppContext,
  route: AnyRoute,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  if (isMutating(route.method) && route.csrf !== false) checkCsrf(req);
  const navigation = req.method === 'GET' && !wantsJson(req);
  let session: LoadedSession | null;
  try {
    session = authorize(req, route.auth);
  } catch (error) {
    if (navigation && error instanceof AppError && error.code === 'forbidden') {
      return ctx.pages.error(req, reply, 403, 'You do not have permission to open this page.');
    }
    throw error;
  }
  if (navigation && route.page === 'admin') return ctx.pages.admin(req, reply);
  // A path that names no possible record ("/admin/users/abc") is a page that does not exist.
  if (Object.keys(badTextFields(req.params)).length > 0) throw new AppError('not_found', MESSAGES.notFound);
  refuseBadText(req.query, req.body);
  if (route.multipart) checkMultipartText(req);
  const params = parseParams(route.params, req.params);
  const query = parseOrThrow(route.query, req.query);
  const body = route.multipart ? undefined : parseOrThrow(route.body, req.body);
  const result = await route.handler({ body, query, params, session, req, reply, ctx });
  if (reply.sent || result === reply) return reply;
  return result;
}

const OVERRIDABLE: HttpMethod[] = ['PUT', 'PATCH', 'DELETE'];

/**
 * Mounts routes on Fastify. A POST whose body says `_method=PUT|PATCH|DELETE` runs the route of
 * that method on the same URL (spec 2 §7), through the same pipeline.
 */
export function mountRoutes(app: FastifyInstance, ctx: AppContext, routes: readonly AnyRoute[]): void {
  const byUrl = new Map<string, Map<HttpMethod, AnyRoute>>();
  for (const route of routes) {
    const methods = byUrl.get(route.url) ?? new Map<HttpMethod, AnyRoute>();
    if (methods.has(route.method)) throw new Error(`Route declared twice: ${route.method} ${route.url}`);
    methods.set(route.method, route);
    byUrl.set(route.url, methods);
  }
  for (const [url, methods] of byUrl) {
    for (const [method, route] of methods) {
      if (method === 'POST') continue;
      app.route({
        method,
        url,
        config: route.sessionSideRead ? { sessionSideRead: route.sessionSideRead } : {},
        handler: (req, reply) => runRoute(ctx, route, req, reply),
      });
    }
    const post = methods.get('POST');
    const overridable = OVERRIDABLE.filter((m) => methods.has(m));
    if (!post && overridable.length === 0) continue;
    app.route({
      method: 'POST',
      url,
      handler: (req, reply) => {
        const override = String((req.body as { _method?: unknown } | undefined)?._method ?? '').toUpperCase();
        const target = overridable.includes(override as HttpMethod)
          ? methods.get(override as HttpMethod)
          : post;
        if (!target) throw new AppError('not_found', MESSAGES.notFound);
        return runRoute(ctx, target, req, reply);
      },
    });
  }
}
