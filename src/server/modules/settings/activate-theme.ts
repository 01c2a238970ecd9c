import { THEME_DEFAULT_COLORS, type ThemeName } from '../../../domain/theme/theme';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { storeTheme } from './theme-settings';

/** POST /api/theme-settings/activate (theme, apply_defaults): switch; optionally back to its defaults. */
export async function activateTheme(ctx: AppContext, actor: Actor, theme: ThemeName, applyDefaults: boolean) {
  await storeTheme(ctx, actor, (before) => ({
    active_theme: theme,
    ...(applyDefaults
      ? { theme_colors: { ...before.theme_colors, [theme]: { ...THEME_DEFAULT_COLORS[theme] } } }
      : {}),
  }));
}
