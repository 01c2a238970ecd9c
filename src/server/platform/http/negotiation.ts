import type { FastifyRequest } from 'fastify';

/**
 * JSON-vs-page negotiation: XHR (X-Requested-With) or an Accept that asks for JSON and not HTML
 * gets JSON; a browser navigation gets the page.
 */
export function wantsJson(req: FastifyRequest): boolean {
  if (req.headers['x-requested-with'] === 'XMLHttpRequest') return true;
  const accept = req.headers.accept ?? '';
  if (accept.includes('text/html')) return false;
  return accept.includes('application/json') || accept.includes('*/*') || accept === '';
}

export function isMutating(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
}
