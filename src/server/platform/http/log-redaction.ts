/**
 * What a request's log line may say about its URL (issue 18, docs/decisions/0075): a link that is
 * itself a secret (magic link, password reset, order link) and query parameters that carry one
 * (`token`, `code`, `signature`…) are logged as `[redacted]`, so the logs never hold a usable link.
 */
const SECRET_PATHS = /^(\/(?:auth\/magic-link|reset-password|order-link)\/)[^/?#]+/;
const SECRET_PARAMS = /^(token|code|otp|otp_code|signature|sig|key|password|secret|session_id)$/i;

export function redactUrl(url: string): string {
  const [pathPart = '', query] = url.split(/\?(.*)/s, 2);
  const path = pathPart.replace(SECRET_PATHS, '$1[redacted]');
  if (query === undefined) return path;
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
      return SECRET_PARAMS.test(decoded) && pair.includes('=') ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${params}`;
}

/** pino's request serializer with the URL redacted. */
export function requestLogSerializer(req: {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
  id?: string;
}) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
