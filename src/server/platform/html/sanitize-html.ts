import { renderTemplate, type TemplateValues } from '../../../domain/templates/render-template';
import { lazyPurifier } from './purifier';

/**
 * The HTML an admin may keep in an e-mail or document template (DECISIONS 29; docs/decisions/0028):
 * the usual text, table and image markup with inline styles; no script, style or frame elements,
 * no event handlers, and links and images only to http(s), mailto and tel addresses (images: http(s)
 * and cid), or relative ones. Placeholders (`{{reset_link}}`) are plain text to the sanitiser and
 * survive, also inside href and src, but never inside a link's scheme: the addresses are checked
 * again once the placeholders are filled (`renderTemplateHtml`), so a value can never make one.
 */
const TAGS = [
  ...['address', 'article', 'aside', 'footer', 'header', 'hgroup', 'main', 'nav', 'section'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'dd', 'div', 'dl', 'dt', 'figcaption'],
  ...['figure', 'hr', 'li', 'ol', 'p', 'pre', 'ul', 'a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite'],
  ...['code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 'rb', 'rp', 'rt', 'rtc', 'ruby', 's'],
  ...['samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'caption', 'col'],
  ...['colgroup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'img', 'font', 'center'],
];
const ATTRIBUTES = [
  ...['style', 'class', 'id', 'align', 'valign', 'width', 'height', 'dir', 'lang', 'title'],
  ...['href', 'name', 'target', 'rel', 'src', 'alt', 'border', 'cellpadding', 'cellspacing'],
  ...['bgcolor', 'role', 'colspan', 'rowspan', 'scope', 'color', 'face', 'size'],
];

/** The URL as a browser reads it: control characters and spaces inside it do not count. */
const compacted = (url: string) => url.replace(/[\p{Cc}\s]/gu, '');

/** The scheme a browser would read: control characters and spaces inside it do not hide it. */
const schemeOf = (url: string): string | null => {
  const compact = compacted(url);
  return /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase() ?? null;
};

const PLACEHOLDER = /\{\{\s*[\w.]*\s*\}\}/g;

/**
 * Whether a link or image address may stay: allowed schemes, relative paths, placeholders. A
 * placeholder may be the whole address or stand after its scheme or start ("https://{{host}}/x",
 * "{{shop_url}}/orders"), never inside the scheme ("java{{x}}script:", "{{x}}:alert(1)"): the
 * address is judged with and without its placeholders.
 */
export function allowedAddress(tag: string, url: string): boolean {
  const value = url.trim();
  if (/^\{\{\s*[\w.]+\s*\}\}$/.test(value)) return true;
  const compact = compacted(value);
  const schemePart = /^[^:/?#]*/.exec(compact)?.[0] ?? '';
  const placeholders = schemePart.match(PLACEHOLDER) ?? [];
  if (placeholders.length > 1 || (placeholders.length === 1 && schemePart !== placeholders[0])) return false;
  if (placeholders.length === 1 && compact[schemePart.length] === ':') return false;
  return [value, value.replace(PLACEHOLDER, '')].every((address) => allowedFilledAddress(tag, address));
}

/** An address with no placeholder left: allowed schemes and relative paths, never another host. */
function allowedFilledAddress(tag: string, value: string): boolean {
  // "//host" and "/\host" (browsers read "\" as "/") lead to another site.
  if (/^[/\\]{2}/.test(compacted(value))) return false;
  const scheme = schemeOf(value);
  if (scheme === null) return true;
  return (tag === 'img' ? ['http', 'https', 'cid'] : ['http', 'https', 'mailto', 'tel']).includes(scheme);
}

const purifier = lazyPurifier((p) => {
  p.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName.toLowerCase();
    if ((name === 'href' || name === 'src') && !allowedAddress(node.nodeName.toLowerCase(), data.attrValue))
      data.keepAttr = false;
  });
});

/** Cleans admin-authored template HTML before it is stored. */
export function sanitizeTemplateHtml(html: string): string {
  return String(
    purifier().sanitize(html, {
      ALLOWED_TAGS: TAGS,
      ALLOWED_ATTR: ATTRIBUTES,
      // Addresses are judged by the hook above (placeholders included), not by DOMPurify's own list.
      ALLOWED_URI_REGEXP: /^/,
      FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form', 'input', 'svg', 'math'],
      KEEP_CONTENT: true,
    }),
  ).trim();
}

/**
 * A template's HTML with its placeholders filled (values HTML-escaped), cleaned once more: the
 * addresses a value completed are judged as sent, so only http(s), mailto and tel links (and
 * http(s) or cid images) reach an e-mail, a document or a preview.
 */
export function renderTemplateHtml(source: string, values: TemplateValues): string {
  return sanitizeTemplateHtml(renderTemplate(source, values, 'html'));
}
