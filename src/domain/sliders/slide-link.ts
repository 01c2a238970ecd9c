/**
 * A slide's link (docs/decisions/0027): empty, a site-relative path ("/products/chair", not
 * "//other.site"), or an absolute http(s) URL. Anything else (javascript:, data:, mailto:) is refused.
 */
export function isSlideLink(value: string): boolean {
  const link = value.trim();
  if (link === '') return true;
  if (/\s/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//') && !link.startsWith('/\\');
  try {
    const url = new URL(link);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
