import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * What the logs never hold (issue 18): request bodies, passwords, tokens, one-time codes, card
 * data, patient fields. The one list of redaction rules for the app's logger, the job worker's and
 * the mailer's (they log through the same pino instance). docs/operations.md "Logs".
 */

/** Field names whose values are secret wherever they appear in a logged object. */
export const SECRET_FIELDS = [
  'password',
  'password_confirmation',
  'current_password',
  'new_password',
  'passwordHash',
  'token',
  'csrf_token',
  'csrfToken',
  'otp',
  'otp_code',
  'card_number',
  'cardNumber',
  'cvc',
  'cvv',
  'expiry',
  'exp_month',
  'exp_year',
  'smtp_password',
  'api_key',
  'secret',
  'body',
  'payload',
  'params',
  'text',
  'html',
  // Patient records (spec 3): never in a log line.
  'diagnosis',
  'notes',
  'medical_notes',
  'date_of_birth',
  'insurance_number',
] as const;

const HEADER_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
];

/** pino `redact` paths: the headers, and each secret field at the top level and one level down. */
export const REDACT_PATHS: string[] = [
  ...HEADER_PATHS,
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

/** Path segments that are bearer tokens: the segment after one of these prefixes. */
const TOKEN_IN_PATH =
  /^(\/auth\/magic-link\/|\/reset-password\/|\/order-link\/|\/order-confirmation\/[^/]+\/)[^/?#]+/;
/** Query parameters whose values are secret (signed links, codes, e-mail addresses in reset links). */
const SECRET_QUERY = /^(token|signature|sig|code|otp|otp_code|email|password|secret|key|session_id)$/i;

/**
 * A request URL fit for a log line: tokens in the path and secret query values replaced; the rest
 * of the query is kept as it came (not re-encoded), so the line still reads like the request.
 */
export function redactUrl(url: string): string {
  const [pathPart = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = pathPart.replace(TOKEN_IN_PATH, '$1[redacted]');
  if (query === undefined) return safePath;
  const params = query
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // an undecodable name is kept as it is
      }
      return SECRET_QUERY.test(decoded) && pair.includes('=') ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${safePath}?${params}`;
}

/** drizzle's failed-query message ends with the statement's parameters: values a user typed. */
const QUERY_PARAMS = /\nparams: [\s\S]*$/;

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** An error as logged: the standard shape without query parameters (in `params` or the message). */
export function redactError(serialized: SerializedError): SerializedError {
  const copy: SerializedError = { ...serialized };
  if (typeof copy.message === 'string')
    copy.message = copy.message.replace(QUERY_PARAMS, '\nparams: [redacted]');
  if (typeof copy.stack === 'string')
    copy.stack = copy.stack.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
  if ('params' in copy) copy.params = '[redacted]';
  if (copy.cause && typeof copy.cause === 'object') copy.cause = redactError(copy.cause as SerializedError);
  return copy;
}

/** The request as logged: fastify's fields, with the URL redacted. */
function requestForLog(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** A place log lines go (tests capture them; production writes to stdout). */
export type LogStream = { write(line: string): void };

/** The app's pino options: level, redaction paths, the request and error serializers. */
export function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: requestForLog,
      err: (error: Error): SerializedError => redactError(pino.stdSerializers.err(error) as SerializedError),
    },
    ...(stream ? { stream } : {}),
  };
}
