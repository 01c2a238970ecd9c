/**
 * Template placeholders (spec 2 §3 "Template", "Rental template"; docs/decisions/0028):
 * `{{name}}` (spaces inside the braces allowed), names of letters, digits, `_` and `.`.
 */
const PLACEHOLDER = /\{\{\s*([a-zA-Z_][a-zA-Z0-9_.]*)\s*\}\}/g;

export type TemplateValues = Readonly<Record<string, string | number | null | undefined>>;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** The distinct placeholder names a text uses, in order of first use. */
export function placeholdersIn(...sources: string[]): string[] {
  const names = new Set<string>();
  for (const source of sources) for (const match of source.matchAll(PLACEHOLDER)) names.add(match[1]!);
  return [...names];
}

/**
 * Fills the placeholders of a template. In `html` every value is HTML-escaped (a customer's name
 * can never add markup to an e-mail); in `text` (subjects, text alternatives) values go in as they
 * are. A placeholder without a value renders empty: a customer never sees `{{...}}`; the preview
 * lists such names instead (docs/decisions/0028).
 */
export function renderTemplate(source: string, values: TemplateValues, mode: 'html' | 'text'): string {
  return source.replace(PLACEHOLDER, (_, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === null || value === undefined) return '';
    const text = String(value);
    return mode === 'html' ? escapeHtml(text) : text;
  });
}

/** Placeholders a template uses that the values do not fill. */
export function unknownPlaceholders(values: TemplateValues, ...sources: string[]): string[] {
  return placeholdersIn(...sources).filter((name) => !Object.hasOwn(values, name));
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/**
 * The plain-text alternative of an HTML e-mail: scripts and styles dropped, line breaks kept
 * for block ends, link targets kept after their text, tags stripped, entities decoded.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<a\b[^>]*\bhref\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a\s*>/gi, (_, href: string, text: string) =>
      text.trim() && !text.includes(href) ? `${text} (${href})` : text,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table|ul|ol|blockquote)\s*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?[a-z0-9]+);/gi, (whole, name: string) => ENTITIES[name.toLowerCase()] ?? whole)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
