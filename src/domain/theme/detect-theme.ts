import type { ThemeName } from './theme';

/** What a page tells about its theme (spec 3 §1). */
export type ThemeSignals = {
  /** Classes on the page's html and body elements. */
  classes: readonly string[];
  /** The page's path, without the query. */
  path: string;
  /** On a login page, the content of its `<meta name="theme">`. */
  loginThemeMeta?: string | null;
};

const CLINIC_CLASSES = new Set(['theme-clinic', 'clinic-theme', 'clinic']);

/**
 * spec 3 §1: the clinic theme is detected from a body or html class, a path segment naming it,
 * or a login page whose theme meta says so; otherwise the default theme applies.
 */
export function detectTheme(signals: ThemeSignals): ThemeName {
  if (signals.classes.some((name) => CLINIC_CLASSES.has(name.toLowerCase()))) return 'clinic';
  const segments = signals.path.split('?')[0]!.split('/');
  if (segments.some((segment) => segment.toLowerCase() === 'clinic')) return 'clinic';
  if (signals.loginThemeMeta?.trim().toLowerCase() === 'clinic') return 'clinic';
  return 'default';
}

/**
 * The theme a storefront page is rendered in: the one the admin activated (theme settings), or
 * the clinic theme where the page's path names it.
 */
export function pageThemeName(active: ThemeName, path: string): ThemeName {
  return active === 'clinic' ? 'clinic' : detectTheme({ classes: [], path });
}
