import { THEME_DEFAULT_COLORS, type ThemeName } from '../../../domain/theme/theme';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { storeTheme } from './theme-settings';

/** POST /api/theme-settings/reset (theme): that theme's colours go back to its defaults. */
export async function resetTheme(ctx: AppContext, actor: Actor, theme: ThemeName) {
  await storeTheme(ctx, actor, (before) => ({
    theme_colors: { ...before.theme_colors, [theme]: { ...THEME_DEFAULT_COLORS[theme] } },
  }));
}
