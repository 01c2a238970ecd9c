import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError, type ErrorCode, type FieldErrors } from '../../../domain/errors';
import { isLostRace } from '../db/database-errors';
import { wantsJson } from './negotiation';

/** One code → one HTTP status (ARCHITECTURE "HTTP conventions"). */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  validation: 422,
  csrf: 419,
  unauthenticated: 401,
  session_expired: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  payload_too_large: 413,
};

export const MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  sessionExpired: 'Session expired',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not found.',
  csrf: 'CSRF token mismatch.',
  server: 'Server Error',
  busy: 'The shop is busy right now. Please try again in a moment.',
} as const;

/** The Cache-Control of every reply that depends on who asks. */
export const PRIVATE_NO_STORE = 'private, no-store';

export const notFound = (message: string = MESSAGES.notFound) => new AppError('not_found', message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError('forbidden', message);
export const conflict = (message: string) => new AppError('conflict', message);

/** Zod issues as the 422 field map: "roles.0" and "roles" both report under their path. */
export function zodFieldErrors(error: ZodError): FieldErrors {
  // No prototype: a field named "valueOf", "constructor" or "__proto__" (sent as a body's key) is a
  // field like any other, not an inherited function or the object's prototype.
  const errors: FieldErrors = Object.create(null);
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'message';
    const list = errors[field] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[field] = list;
  }
  return errors;
}

function firstMessage(errors: FieldErrors): string {
  return Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
}

/**
 * Turns anything thrown into a reply. Known errors keep their status and words; anything else is
 * a 500 that is logged with the request id and answered with a generic message.
 */
export function handleError(error: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ZodError) {
    const errors = zodFieldErrors(error);
    return reply.code(422).send({ message: firstMessage(errors), errors });
  }
  if (error instanceof AppError) {
    const status = STATUS_BY_CODE[error.code];
    if ((status === 401 || status === 419) && !wantsJson(req) && req.method === 'GET') {
      return reply.redirect(`/login?redirect=${encodeURIComponent(req.url)}`);
    }
    if (error.code === 'rate_limited' && typeof error.extra?.retry_after === 'number') {
      reply.header('Retry-After', String(error.extra.retry_after));
    }
    const body: Record<string, unknown> = { message: error.message, ...(error.extra ?? {}) };
    if (error.errors) body.errors = error.errors;
    return reply.code(status).send(body);
  }
  // A deadlock or serialization failure rolled back; sending again may pass (decision 0089).
  if (isLostRace(error)) {
    req.log.warn({ err: error, request_id: req.id }, 'transaction lost a race; the client may retry');
    reply.header('Retry-After', '1');
    return reply.code(503).send({ message: MESSAGES.busy, request_id: req.id });
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Malformed JSON, an unsupported content type, a body over the limit: the client's mistake.
    const message =
      status === 413
        ? 'The request is too large.'
        : status === 415
          ? 'Unsupported content type.'
          : 'The request could not be read.';
    req.log.info({ err: error }, 'client error');
    return reply.code(status === 400 ? 422 : status).send({ message, errors: { message: [message] } });
  }
  req.log.error({ err: error, request_id: req.id }, 'unhandled error');
  return reply.code(500).send({ message: MESSAGES.server, request_id: req.id });
}

/** Words of the replies the router and the HTTP parser give before any route runs (issue 11). */
export const URL_MESSAGES = {
  tooLong: 'This address is too long.',
  invalid: 'This address is not valid.',
  headersTooLarge: 'The address or the request headers are too long.',
  clientError: 'The request could not be read.',
  timeout: 'The request took too long to arrive.',
} as const;

/**
 * Fastify's own refusals before routing (`frameworkErrors`): a path parameter over the router's
 * length limit (414) and a path that does not decode (400), answered like every other error, in
 * JSON `{message}` without echoing the address back.
 */
export function handleFrameworkError(
  error: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  reply.header('Cache-Control', PRIVATE_NO_STORE);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.code(414).send({ message: URL_MESSAGES.tooLong });
  if (error.code === 'FST_ERR_BAD_URL') return reply.code(400).send({ message: URL_MESSAGES.invalid });
  return handleError(error, req, reply);
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (an address or headers over the
 * 16 KB limit, a malformed request line, a timeout): the same JSON shape, then the socket closes.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, URL_MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, URL_MESSAGES.timeout]
        : [400, URL_MESSAGES.clientError];
  const body = JSON.stringify({ message });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
