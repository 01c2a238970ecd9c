import { lazyPurifier } from '../../platform/html/purifier';

/** Attributes that may point somewhere: only a reference inside the same document ("#id") stays. */
const REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'action', 'formaction']);
/** `url(...)` in an attribute (fill="url(#g)") may only name a local fragment. */
const FOREIGN_URL = /url\(\s*['"]?\s*(?!#)/i;

const getPurifier = lazyPurifier((p) => {
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if (REFERENCE_ATTRIBUTES.has(name) && !value.startsWith('#')) data.keepAttr = false;
    if (FOREIGN_URL.test(value) || /@import|expression\(/i.test(value)) data.keepAttr = false;
  });
});

/** Does the text look like an SVG document (what file-type cannot tell from magic bytes)? */
export function looksLikeSvg(data: Buffer): boolean {
  const head = data
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
    head,
  );
}

/**
 * Cleans an SVG before it is stored (DECISIONS 29): DOMPurify's SVG profile drops scripts, event
 * handlers, foreignObject and javascript: links; the hook above also drops every external
 * reference (href, xlink:href, url(...) to anything but "#id"), and <style> goes entirely.
 * Returns null when nothing that is an SVG is left.
 */
export function sanitizeSvg(text: string): string | null {
  const clean = getPurifier().sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['style', 'foreignObject', 'script', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
  const trimmed = String(clean).trim();
  if (!/^<svg[\s>]/i.test(trimmed)) return null;
  return trimmed;
}
