/**
 * GET /api/email-management/theme-vars[/{name}]: the shop's colours as CSS custom properties, for
 * templates and previews. There are no theme settings yet, so these are spec 2 §9's default colours;
 * the clinic theme differs in its primary colour (DECISIONS 22). When the theme settings land, they
 * feed this function.
 */
export type ThemeName = 'default' | 'clinic';

const DEFAULT_COLOURS = {
  primary: '#3490dc',
  secondary: '#ffed4a',
  accent: '#f6993f',
  text: '#333333',
  background: '#ffffff',
};

const THEMES: Record<ThemeName, typeof DEFAULT_COLOURS> = {
  default: DEFAULT_COLOURS,
  clinic: { ...DEFAULT_COLOURS, primary: '#0d9488' },
};

export function themeVarsCss(name: ThemeName): string {
  const colours = THEMES[name];
  const lines = Object.entries(colours).map(([key, value]) => `  --color-${key}: ${value};`);
  return `/* Emporium theme "${name}" */\n:root {\n${lines.join('\n')}\n}\n`;
}
