import { z } from 'zod';
import { SESSION_COOKIE } from '../auth/sessions';
import { type AnyRoute, type Auth, describeAuth, type HttpMethod } from './define-route';
import { MESSAGES, STATUS_BY_CODE } from './errors';
import { isMutating } from './negotiation';

/**
 * The OpenAPI 3.1 document of the route table (issue 18, docs/decisions/0074), built from the same
 * `defineRoute` declarations the server mounts: method, path, auth, and the zod contracts of path,
 * query and body, converted with zod's own JSON Schema output (the input side: what a client sends).
 * Response bodies are not declared by the routes, so only the error shapes are described.
 */

type JsonSchema = Record<string, unknown>;
type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
};
type Operation = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Partial<Record<Lowercase<HttpMethod>, Operation>>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

export const CSRF_HEADER = 'X-CSRF-Token';

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: "Every refusal: the message in the spec's words; 429 adds `retry_after` (seconds).",
  properties: {
    message: { type: 'string' },
    errors: {
      type: 'object',
      description: 'Field name → its messages ("roles.0" and "roles" both report under their path).',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
    retry_after: { type: 'integer' },
  },
  required: ['message'],
};

const VALIDATION_ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: "A 422: the first field message, and every field's messages.",
  properties: ERROR_SCHEMA.properties as JsonSchema,
  required: ['message', 'errors'],
};

const errorReply = (description: string, schema = 'Error') => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});

/** The error replies a route can give, judged from its declaration (errors.ts maps codes to statuses). */
function errorResponses(route: AnyRoute, hasPathParams: boolean): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const mutating = isMutating(route.method);
  if (route.auth !== 'public')
    responses[STATUS_BY_CODE.unauthenticated] = errorReply(
      `Not signed in ("${MESSAGES.unauthenticated}") or the session timed out ("${MESSAGES.sessionExpired}").`,
    );
  if (typeof route.auth === 'object')
    responses[STATUS_BY_CODE.forbidden] = errorReply(
      `The active role may not call this ("${MESSAGES.forbidden}").`,
    );
  if (hasPathParams)
    responses[STATUS_BY_CODE.not_found] = errorReply(
      `No such record, or not yours ("${MESSAGES.notFound}").`,
    );
  if (mutating)
    responses[STATUS_BY_CODE.conflict] = errorReply('The record changed or is in use; the message says why.');
  if (mutating && route.csrf !== false)
    responses[STATUS_BY_CODE.csrf] = errorReply(
      `The ${CSRF_HEADER} header is missing or wrong ("${MESSAGES.csrf}").`,
    );
  if (mutating || route.query || route.body || route.multipart)
    responses[STATUS_BY_CODE.validation] = errorReply('The input breaks the contract.', 'ValidationError');
  if (mutating)
    responses[STATUS_BY_CODE.rate_limited] = errorReply(
      'Too many attempts (the routes that keep a rate limit: sign-in, registration, passwords, codes, contact and rental requests); see Retry-After.',
    );
  return responses;
}

function authDescription(auth: Auth): string {
  if (auth === 'public') return 'Public: anyone may call it.';
  if (auth === 'signed-in') return 'Any signed-in user (their own data only).';
  if ('permission' in auth) return `Requires the permission \`${auth.permission}\` in the active role.`;
  return `Only for the active role \`${auth.role}\` (its own area).`;
}

/**
 * A contract as JSON Schema, the input side. What JSON Schema cannot say (a transform's output, a
 * custom refinement, a date object) becomes "any" instead of failing: the contract still decides.
 */
export function contractSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Moves a converted schema's `$defs` into the document's components, renaming their references. */
function hoistDefinitions(
  schema: JsonSchema,
  prefix: string,
  components: Record<string, JsonSchema>,
): JsonSchema {
  const defs = schema.$defs as Record<string, JsonSchema> | undefined;
  if (!defs) return schema;
  const { $defs: _, ...rest } = schema;
  const rename = (name: string) => `${prefix}_${name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(value)) {
        out[key] =
          key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
            ? `#/components/schemas/${rename(inner.slice('#/$defs/'.length))}`
            : rewrite(inner);
      }
      return out;
    }
    return value;
  };
  for (const [name, def] of Object.entries(defs)) components[rename(name)] = rewrite(def) as JsonSchema;
  return rewrite(rest) as JsonSchema;
}

/** "/admin/orders/:id/documents/:docId" → "/admin/orders/{id}/documents/{docId}"; "/uploads/*" → "/uploads/{path}". */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');
}

const pathParamNames = (url: string): string[] => [
  ...[...url.matchAll(/:(\w+)/g)].map((match) => match[1]!),
  ...(url.endsWith('*') ? ['path'] : []),
];

/** One parameter per property of an object schema; a non-object query is one free-form parameter. */
function parametersOf(schema: JsonSchema, where: 'path' | 'query'): Parameter[] {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function operationId(method: HttpMethod, url: string): string {
  const words = url
    .replace(/\*$/, 'path')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

function operationOf(route: AnyRoute, tag: string, components: Record<string, JsonSchema>): Operation {
  const id = operationId(route.method, route.url);
  const convert = (schema: z.ZodType, part: string) =>
    hoistDefinitions(contractSchema(schema), `${id}_${part}`, components);
  const names = pathParamNames(route.url);
  const declared = route.params ? parametersOf(convert(route.params, 'params'), 'path') : [];
  const pathParameters: Parameter[] = names.map(
    (name) =>
      declared.find((p) => p.name === name) ?? {
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      },
  );
  const parameters: Parameter[] = [
    ...pathParameters,
    ...(route.query ? parametersOf(convert(route.query, 'query'), 'query') : []),
  ];
  const mutating = isMutating(route.method);
  if (mutating && route.csrf !== false)
    parameters.push({
      name: CSRF_HEADER,
      in: 'header',
      required: true,
      description:
        "The session's CSRF token: any page's csrf-token meta tag gives a guest session one; POST /login answers the signed-in session's `csrf_token`, and GET /api/auth/status repeats it.",
      schema: { type: 'string' },
    });

  const operation: Operation = {
    operationId: id,
    tags: [tag],
    summary: `${route.method} ${route.url}`,
    description: [
      authDescription(route.auth),
      route.page === 'admin'
        ? 'A browser opening this URL gets the admin page; a JSON request gets the data.'
        : '',
      route.csrf === false ? 'No CSRF token: a signed server-to-server call.' : '',
    ]
      .filter(Boolean)
      .join(' '),
    'x-emporium-auth': describeAuth(route.auth),
    security: route.auth === 'public' ? [] : [{ session: [] }],
  };
  if (parameters.length > 0) operation.parameters = parameters;
  if (route.multipart)
    operation.requestBody = {
      required: true,
      content: {
        'multipart/form-data': { schema: route.body ? convert(route.body, 'body') : { type: 'object' } },
      },
    };
  else if (route.body)
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: convert(route.body, 'body') } },
    };
  operation.responses = {
    '200': { description: 'Done; JSON unless the route serves a file.' },
    ...errorResponses(route, names.length > 0),
  };
  return operation;
}

/**
 * The document for the route table grouped by module: every route but the pages for browsers
 * (`html: true`), each under its module's tag.
 */
export function buildOpenApiDocument(
  routesByTag: Readonly<Record<string, readonly AnyRoute[]>>,
  info: { title: string; version: string },
): OpenApiDocument {
  const components: Record<string, JsonSchema> = {
    Error: ERROR_SCHEMA,
    ValidationError: VALIDATION_ERROR_SCHEMA,
  };
  const paths: OpenApiDocument['paths'] = {};
  const tags: OpenApiDocument['tags'] = [];
  for (const [tag, routes] of Object.entries(routesByTag)) {
    const documented = routes.filter((route) => !route.html);
    if (documented.length === 0) continue;
    tags.push({ name: tag });
    for (const route of documented) {
      const path = openApiPath(route.url);
      const item = paths[path] ?? {};
      item[route.method.toLowerCase() as Lowercase<HttpMethod>] = operationOf(route, tag, components);
      paths[path] = item;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'The HTTP API of Emporium, generated from the route table and its zod contracts. Sign in with ' +
        'POST /login to get the session cookie; send the X-CSRF-Token header on every POST, PUT, PATCH ' +
        'and DELETE; send `Accept: application/json` (or X-Requested-With: XMLHttpRequest) to get JSON.',
    },
    tags,
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie set by POST /login.',
        },
      },
    },
  };
}
