import { eq } from 'drizzle-orm';
import type { ThemeImage, ThemeSettingsData } from '../../../contracts/theme-settings';
import { isImageExtension } from '../../../domain/files/file-rules';
import { pageThemeName } from '../../../domain/theme/detect-theme';
import {
  completeColors,
  DEFAULT_COLORS,
  THEME_DEFAULT_COLORS,
  THEME_LABELS,
  THEMES,
  type ThemeColors,
  type ThemeName,
  themeCss,
} from '../../../domain/theme/theme';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { cachedReference } from '../../platform/db/reference-cache';
import type { Storage } from '../../platform/files/storage';
import { getSettings, setSettings } from '../../platform/settings/settings-store';
import { files } from '../files';
import { auditSettingChanges } from './audit-setting-changes';

export const THEME_KEYS = ['active_theme', 'theme_colors', 'theme_logo_id', 'theme_favicon_id'] as const;

export type StoredTheme = {
  active_theme: ThemeName;
  theme_colors: Record<string, Record<string, string>>;
  theme_logo_id: number | null;
  theme_favicon_id: number | null;
};

export function readStoredTheme(db: Executor): Promise<StoredTheme> {
  return getSettings(db, THEME_KEYS);
}

/** A theme's current colours: what is stored for it, completed by its defaults. */
export function colorsOf(stored: StoredTheme, theme: ThemeName): ThemeColors {
  return completeColors(theme, stored.theme_colors[theme]);
}

/** An image of the library by id, or null when it is gone or not an image. */
export async function findLibraryImage(
  db: Executor,
  id: number | null,
  storage: Pick<Storage, 'url'>,
): Promise<ThemeImage> {
  if (id === null) return null;
  // Kept per reference version within a request: changing or deleting a file bumps it (migration
  // 0038), and every page's head reads the logo and favicon.
  const row = await cachedReference(db, `library-image:${id}`, async () => {
    const [found] = await db
      .select({ id: files.id, name: files.name, path: files.path, extension: files.extension })
      .from(files)
      .where(eq(files.id, id))
      .limit(1);
    return found && isImageExtension(found.extension) ? found : null;
  });
  return row ? { id: row.id, name: row.name, url: storage.url(row.path) } : null;
}

/** GET /api/theme-settings (spec 2 §3 Theme settings). */
export async function readThemeSettings(ctx: AppContext, db: Executor = ctx.db): Promise<ThemeSettingsData> {
  const stored = await readStoredTheme(db);
  const active = stored.active_theme;
  return {
    activeTheme: active,
    availableThemes: THEMES.map((name) => ({
      name,
      label: THEME_LABELS[name],
      default_colors: THEME_DEFAULT_COLORS[name],
    })),
    themeColors: colorsOf(stored, active),
    defaultColors: DEFAULT_COLORS,
    themeDefaultColors: THEME_DEFAULT_COLORS[active],
    logo: await findLibraryImage(db, stored.theme_logo_id, ctx.storage),
    favicon: await findLibraryImage(db, stored.theme_favicon_id, ctx.storage),
  };
}

/** What every page's head and the storefront header need: the colours as CSS, logo and favicon. */
export type PageTheme = { name: ThemeName; css: string; logo_url: string | null; favicon_url: string | null };

const pageThemes = new WeakMap<object, Promise<PageTheme>>();

/**
 * The page theme read once per request: a storefront page needs it twice (its document's logo and
 * the head's colours and favicon), and it costs three queries.
 */
export function requestPageTheme(ctx: AppContext, req: object, path: string | null): Promise<PageTheme> {
  let theme = pageThemes.get(req);
  if (!theme) {
    theme = readPageTheme(ctx, path);
    pageThemes.set(req, theme);
  }
  return theme;
}

/** A theme's CSS, worked out once per stored theme settings (a request's are kept: settings-store). */
const themeCssKept = new WeakMap<StoredTheme, Map<ThemeName, string>>();

function cssOf(stored: StoredTheme, name: ThemeName): string {
  let byName = themeCssKept.get(stored);
  if (!byName) {
    byName = new Map();
    themeCssKept.set(stored, byName);
  }
  let css = byName.get(name);
  if (css === undefined) {
    css = themeCss(name, colorsOf(stored, name));
    byName.set(name, css);
  }
  return css;
}

/**
 * The theme a page is rendered in: the active one, or for a storefront page the clinic theme
 * where its path names it (spec 3 §1, domain/theme/detect-theme).
 */
export async function readPageTheme(ctx: AppContext, path: string | null = null): Promise<PageTheme> {
  const stored = await readStoredTheme(ctx.db);
  const name = path === null ? stored.active_theme : pageThemeName(stored.active_theme, path);
  const logo = await findLibraryImage(ctx.db, stored.theme_logo_id, ctx.storage);
  const favicon = await findLibraryImage(ctx.db, stored.theme_favicon_id, ctx.storage);
  return {
    name,
    css: cssOf(stored, name),
    logo_url: logo?.url ?? null,
    favicon_url: favicon?.url ?? null,
  };
}

/** Stores new theme values in one transaction with one audit row per changed setting. */
export async function storeTheme(
  ctx: AppContext,
  actor: Actor,
  change: (before: StoredTheme) => Partial<StoredTheme>,
  db: Executor = ctx.db,
) {
  return db.transaction(async (tx) => {
    const before = await readStoredTheme(tx);
    const values = change(before);
    await setSettings(tx, values);
    await auditSettingChanges(tx, actor, before, values);
  });
}
