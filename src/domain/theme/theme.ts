/** The storefront's visual themes and their colours (spec 2 §3 Theme settings, §9; DECISIONS 22). */
export const THEMES = ['default', 'clinic'] as const;
export type ThemeName = (typeof THEMES)[number];

export const THEME_LABELS: Record<ThemeName, string> = {
  default: 'Default shop',
  clinic: 'Clinic',
};

export const THEME_COLOR_KEYS = ['primary', 'secondary', 'accent', 'text', 'background'] as const;
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];
export type ThemeColors = Record<ThemeColorKey, string>;

/** spec 2 §9: the default theme colours. */
export const DEFAULT_COLORS: ThemeColors = {
  primary: '#3490dc',
  secondary: '#ffed4a',
  accent: '#f6993f',
  text: '#333333',
  background: '#ffffff',
};

/**
 * Each theme's own defaults. The clinic primary is DECISIONS 22; its other colours are the shop's
 * choice (docs/decisions/0027): a calm teal family that keeps text readable.
 */
export const THEME_DEFAULT_COLORS: Record<ThemeName, ThemeColors> = {
  default: DEFAULT_COLORS,
  clinic: {
    primary: '#0d9488',
    secondary: '#ccfbf1',
    accent: '#f59e0b',
    text: '#1f2937',
    background: '#ffffff',
  },
};

const HEX_COLOR = /^#[0-9a-f]{6}$/;

/** A colour is exactly "#rrggbb" (lower or upper case hex digits). */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value.toLowerCase());
}

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** Stored colours completed by the theme's defaults; anything not a #rrggbb colour is replaced. */
export function completeColors(
  theme: ThemeName,
  stored: Partial<Record<string, unknown>> | undefined,
): ThemeColors {
  const defaults = THEME_DEFAULT_COLORS[theme];
  const out = { ...defaults };
  for (const key of THEME_COLOR_KEYS) {
    const value = stored?.[key];
    if (isHexColor(value)) out[key] = value.toLowerCase();
  }
  return out;
}

/**
 * The CSS custom properties of a theme's colours: `:root{--theme-primary:#3490dc;...}`. Only
 * #rrggbb values ever reach it (others fall back to the default), so it can go in a <style> tag.
 */
export function themeCss(theme: ThemeName, colors: Partial<ThemeColors>): string {
  const safe = completeColors(theme, colors);
  const vars = THEME_COLOR_KEYS.map((key) => `--theme-${key}:${safe[key]}`).join(';');
  return `:root{${vars}}`;
}
