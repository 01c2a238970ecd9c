/**
 * Where the browser may be sent after sign-in (issue 11, open redirect): only a path of this
 * site. A browser drops tabs and newlines anywhere in a URL and reads "\" as "/", so
 * "/\t/evil.example" or "/\\evil.example" would lead to another site; those, control characters
 * (before or after percent-decoding), absolute URLs, schemes and "//host" are refused. The
 * sign-in pages themselves are refused too, so a sign-in never ends on a sign-in page.
 */
export function safeRedirectPath(target: unknown): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return null;
  if (!target.startsWith('/') || target[1] === '/') return null;
  if (/[\p{Cc}\\]/u.test(target)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return null;
  }
  if (/[\p{Cc}\\]/u.test(decoded) || decoded.startsWith('//')) return null;
  if (/^\/(login|logout|register)(?:[/?#]|$)/i.test(decoded)) return null;
  return target;
}
