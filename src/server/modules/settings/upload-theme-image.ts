import {
  FAVICON_TYPES,
  LOGO_TYPES,
  THEME_MESSAGES as M,
  type ThemeImage,
} from '../../../contracts/theme-settings';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { type ImageUpload, storeImage } from '../files';
import { storeTheme } from './theme-settings';

export type ThemeImageKind = 'logo' | 'favicon';

const OPTIONS = {
  logo: { allowed: LOGO_TYPES, type: M.logoType, setting: 'theme_logo_id' },
  favicon: { allowed: FAVICON_TYPES, type: M.faviconType, setting: 'theme_favicon_id' },
} as const;

/**
 * POST /api/theme-settings/upload-logo | upload-favicon (spec 2 §7): the image, checked by its
 * content (SVG sanitised), goes into the file library (context "settings") and becomes the
 * theme's logo or favicon, all in one transaction.
 */
export async function uploadThemeImage(
  ctx: AppContext,
  actor: Actor,
  kind: ThemeImageKind,
  upload: ImageUpload,
): Promise<NonNullable<ThemeImage>> {
  const options = OPTIONS[kind];
  let discard: (() => Promise<void>) | null = null;
  try {
    return await ctx.db.transaction(async (tx) => {
      const stored = await storeImage(ctx, tx, upload, {
        field: kind,
        context: 'settings',
        allowed: options.allowed,
        messages: { type: options.type, unreadable: M.unreadable },
        actorUserId: actor.userId,
      });
      discard = stored.discard;
      await storeTheme(ctx, actor, () => ({ [options.setting]: stored.row.id }), tx);
      return { id: stored.row.id, name: stored.row.name, url: ctx.storage.url(stored.row.path) };
    });
  } catch (error) {
    await (discard as (() => Promise<void>) | null)?.();
    throw error;
  }
}
