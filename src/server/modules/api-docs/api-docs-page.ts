import { escapeHtml } from '../../../domain/templates/render-template';
import type { OpenApiDocument } from '../../platform/http/openapi';

/**
 * The API document as a page a person reads: one section per module, one closed `<details>` per
 * operation with who may call it, its parameters, its body schema and its error replies. Rendered
 * on the server with no script at all, so it lives under the app's Content-Security-Policy as is.
 */

/** `code` spans of the descriptions, the only markup they use. */
const withCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

const tagId = (tag: string) => `module-${tag.replace(/[^a-z0-9-]/gi, '-')}`;

type Parameter = { name: string; in: string; required: boolean; schema: unknown; description?: string };
type Operation = {
  operationId: string;
  tags: string[];
  description: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string }>;
};

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 0; }
header, nav, main { max-width: 72rem; margin: 0 auto; padding: 0 1rem; }
nav ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; padding: 0; list-style: none; }
a { color: #0b4f9c; }
section { border-top: 1px solid #ccc; margin-top: 1.5rem; }
details { border: 1px solid #ddd; border-radius: 4px; margin: 0.5rem 0; padding: 0.25rem 0.75rem; }
summary { cursor: pointer; }
.method { display: inline-block; min-width: 4.5rem; font-weight: 700; font-family: monospace; color: #fff; background: #2f4f6f; border-radius: 3px; padding: 0 0.4rem; text-align: center; }
pre { background: #f4f4f4; padding: 0.5rem; overflow-x: auto; font-size: 0.85rem; }
table { border-collapse: collapse; margin: 0.5rem 0; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
h3 { font-size: 1rem; margin: 0.75rem 0 0.25rem; }
`;

function parametersTable(parameters: Parameter[]): string {
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td>` +
        `<td><code>${escapeHtml(JSON.stringify(p.schema))}</code>${p.description ? `<br />${withCode(p.description)}` : ''}</td></tr>`,
    )
    .join('');
  return (
    '<h3>Parameters</h3><table><thead><tr><th scope="col">Name</th><th scope="col">In</th>' +
    `<th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${rows}</tbody></table>`
  );
}

function operationBlock(method: string, path: string, operation: Operation): string {
  const body = operation.requestBody
    ? Object.entries(operation.requestBody.content)
        .map(([type, { schema }]) => `<h3>Body (<code>${type}</code>)</h3>${json(schema)}`)
        .join('')
    : '';
  const responses = Object.entries(operation.responses)
    .map(([status, r]) => `<li><strong>${status}</strong>: ${withCode(r.description)}</li>`)
    .join('');
  return (
    `<details id="${operation.operationId}"><summary><span class="method">${method.toUpperCase()}</span> ` +
    `<code>${escapeHtml(path)}</code></summary><p>${withCode(operation.description)}</p>` +
    `${operation.parameters ? parametersTable(operation.parameters) : ''}${body}` +
    `<h3>Replies</h3><ul>${responses}</ul></details>`
  );
}

export function apiDocsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>(document.tags.map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item)) {
      const op = operation as Operation;
      byTag.get(op.tags[0]!)?.push(operationBlock(method, path, op));
    }
  const sections = [...byTag]
    .map(
      ([tag, blocks]) =>
        `<section aria-labelledby="${tagId(tag)}"><h2 id="${tagId(tag)}">${escapeHtml(tag)}</h2>${blocks.join('')}</section>`,
    )
    .join('');
  const nav = [...byTag.keys()]
    .map((tag) => `<li><a href="#${tagId(tag)}">${escapeHtml(tag)}</a></li>`)
    .join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8" />' +
    '<meta name="viewport" content="width=device-width, initial-scale=1" />' +
    `<title>${escapeHtml(document.info.title)}</title><style>${STYLE}</style></head><body>` +
    `<header><h1>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</h1>` +
    `<p>${withCode(document.info.description)}</p>` +
    '<p>The machine-readable document (OpenAPI 3.1): <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>. ' +
    'Error replies share one shape:</p>' +
    `${json(document.components.schemas.Error)}</header>` +
    `<nav aria-label="Modules"><ul>${nav}</ul></nav><main>${sections}</main></body></html>`
  );
}
