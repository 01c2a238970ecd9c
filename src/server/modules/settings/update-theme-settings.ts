import { THEME_MESSAGES as M, type ThemeUpdateBody } from '../../../contracts/theme-settings';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { colorsOf, findLibraryImage, type StoredTheme, storeTheme } from './theme-settings';

async function checkImage(ctx: AppContext, tx: Executor, field: string, id: number | null | undefined) {
  if (id === undefined || id === null) return;
  if (!(await findLibraryImage(tx, id, ctx.storage))) throw fieldError(field, M.fileMissing);
}

/** POST /api/theme-settings/update (spec 2 §7): the active theme's colours, logo and favicon. */
export async function updateThemeSettings(
  ctx: AppContext,
  actor: Actor,
  body: ThemeUpdateBody,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await checkImage(ctx, tx, 'logo_id', body.logo_id);
    await checkImage(ctx, tx, 'favicon_id', body.favicon_id);
  });
  await storeTheme(ctx, actor, (before) => {
    const values: Partial<StoredTheme> = {};
    if (body.colors) {
      const theme = before.active_theme;
      values.theme_colors = {
        ...before.theme_colors,
        [theme]: { ...colorsOf(before, theme), ...body.colors },
      };
    }
    if (body.logo_id !== undefined) values.theme_logo_id = body.logo_id;
    if (body.favicon_id !== undefined) values.theme_favicon_id = body.favicon_id;
    return values;
  });
}
