import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

declare module 'fastify' {
  interface FastifyRequest {
    /** The browser reached the shop over HTTPS: cookies are Secure (docs/operations.md). */
    secureTransport: boolean;
  }
}

/** Two years, subdomains included: what the HSTS preload list asks for. */
export const HSTS_HEADER = 'max-age=63072000; includeSubDomains';

/**
 * HTTPS as the browser sees it: the request itself (with TRUST_PROXY, the proxy's
 * X-Forwarded-Proto), or an https EMPORIUM_PUBLIC_URL (a proxy that terminates TLS and forwards
 * plain HTTP without saying so).
 */
export function isSecureTransport(config: Pick<Config, 'publicUrl'>, req: FastifyRequest): boolean {
  return req.protocol === 'https' || config.publicUrl.startsWith('https://');
}

/**
 * Marks each request's transport and, in production over HTTPS, sends Strict-Transport-Security.
 * Never on plain HTTP (a developer's http://localhost would be pinned to HTTPS for two years).
 */
export function registerTransportSecurity(app: FastifyInstance, config: Config): void {
  app.decorateRequest('secureTransport', false);
  app.addHook('onRequest', (req, reply, done) => {
    req.secureTransport = isSecureTransport(config, req);
    if (req.secureTransport && config.env === 'production')
      reply.header('Strict-Transport-Security', HSTS_HEADER);
    done();
  });
}
