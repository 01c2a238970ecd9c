import packageJson from '../../../../package.json' with { type: 'json' };
import type { AnyRoute } from '../../platform/http/define-route';
import { defineRoute } from '../../platform/http/define-route';
import { wantsJson } from '../../platform/http/negotiation';
import { buildOpenApiDocument, type OpenApiDocument } from '../../platform/http/openapi';
import { apiDocsPage } from './api-docs-page';

/** The same for everyone and for the life of the process; an hour in caches is plenty. */
const CACHE = 'public, max-age=3600';

type RouteTable = () => Readonly<Record<string, readonly AnyRoute[]>>;

/**
 * The API document for integrators (issue 18, docs/decisions/0074): public, built once per process
 * from the route table on first request. `routeTable` is read late because these routes are in it.
 */
export function apiDocsRoutes(routeTable: RouteTable) {
  let document: OpenApiDocument | undefined;
  let page: string | undefined;
  const documentOnce = () => {
    document ??= buildOpenApiDocument(routeTable(), { title: 'Emporium API', version: packageJson.version });
    return document;
  };
  const pageOnce = () => {
    page ??= apiDocsPage(documentOnce());
    return page;
  };
  return [
    defineRoute({
      method: 'GET',
      url: '/api/docs',
      auth: 'public',
      handler: async ({ req, reply }) => {
        reply.header('Cache-Control', CACHE).header('Vary', 'Accept, X-Requested-With');
        if (wantsJson(req)) return documentOnce();
        return reply.type('text/html; charset=utf-8').send(pageOnce());
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/docs/openapi.json',
      auth: 'public',
      handler: async ({ reply }) => {
        reply.header('Cache-Control', CACHE);
        return documentOnce();
      },
    }),
  ];
}
