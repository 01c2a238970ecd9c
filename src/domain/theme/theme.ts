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
  const vars = THEME_COLOR_KEYS.map((key) => `--theme-${key}:${safe[key]}`);
  vars.push(`--theme-on-primary:${textColorOn(safe.primary)}`);
  return `:root{${vars.join(';')}}`;
}

/** WCAG 2.2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2.2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Dark text for buttons on a light primary colour. */
export const DARK_TEXT = '#111827';

/**
 * The text colour for a button filled with the shop's chosen colour (issue 13): white when it
 * reaches 4.5:1 on it, else the darker of the two, so a light primary still gives readable labels.
 */
export function textColorOn(background: string): string {
  if (contrastRatio('#ffffff', background) >= 4.5) return '#ffffff';
  return contrastRatio(DARK_TEXT, background) > contrastRatio('#ffffff', background) ? DARK_TEXT : '#ffffff';
}

/**
 * The colour darkened step by step (towards black, keeping its hue) until it reaches `min`:1 on
 * every one of the backgrounds; used to make the UI library's coloured text and outlines readable.
 */
export function readableShade(color: string, backgrounds: readonly string[], min = 4.5): string {
  const channels = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16));
  for (let factor = 1; factor > 0; factor -= 0.04) {
    const hex = `#${channels
      .map((c) =>
        Math.round(c * factor)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (backgrounds.every((b) => contrastRatio(hex, b) >= min)) return hex;
  }
  return '#000000';
}
