import { z } from 'zod';
import {
  isHexColor,
  THEME_COLOR_KEYS,
  THEMES,
  type ThemeColors,
  type ThemeName,
} from '../domain/theme/theme';
import { wholeNumber } from './common';

/** Words of the theme settings (spec 2 §8 "Users, sliders, theme, system"; §6 Files). */
export const THEME_MESSAGES = {
  load: 'Failed to load theme settings',
  update: 'An error occurred while updating the theme',
  activate: 'An error occurred while activating the theme',
  reset: 'An error occurred while resetting the theme',
  noFile: 'Please select a valid file',
  logoFailed: 'Failed to upload logo',
  faviconFailed: 'Failed to upload favicon',
  logoType: 'Please select a valid image file (JPEG, PNG, GIF, WebP or SVG)',
  logoSize: 'File size must be less than 2MB',
  faviconType: 'Please select a valid image file (JPEG, PNG, GIF, SVG or ICO)',
  faviconSize: 'File size must be less than 1MB',
  unreadable: 'The image could not be read.',
  color: 'Enter a colour as #rrggbb, e.g. #3490dc.',
  theme: `Choose a theme: ${THEMES.join(', ')}.`,
  fileMissing: 'Choose an image from the file library.',
  updated: 'Theme settings updated successfully',
  activated: (label: string) => `${label} theme activated`,
  resetDone: 'Theme colours reset to their defaults',
  logoUploaded: 'Logo uploaded successfully',
  faviconUploaded: 'Favicon uploaded successfully',
} as const;
const M = THEME_MESSAGES;

/** spec 2 §9: logo at most 2 MB, favicon at most 1 MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const FAVICON_MAX_BYTES = 1024 * 1024;
/** spec 2 §6 and the brief: types offered (decided by content on the server). */
export const LOGO_TYPES = ['png', 'jpg', 'jpeg', 'webp', 'gif', 'svg'] as const;
/** spec 2 §6: favicon types JPEG, PNG, GIF, SVG, ICO. */
export const FAVICON_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'ico', 'svg'] as const;

export const hexColor = z
  .string({ error: M.color })
  .trim()
  .refine(isHexColor, M.color)
  .transform((v) => v.toLowerCase());

const themeName = z.enum(THEMES, { error: M.theme });
const fileId = wholeNumber(M.fileMissing, { min: 1 });

/** POST /api/theme-settings/update (spec 2 §7): any colours; logo/favicon by library id, or null to remove. */
export const themeUpdateBody = z
  .object({
    colors: z
      .object(
        Object.fromEntries(THEME_COLOR_KEYS.map((k) => [k, hexColor])) as Record<
          (typeof THEME_COLOR_KEYS)[number],
          typeof hexColor
        >,
      )
      .partial()
      .strict()
      .optional(),
    logo_id: fileId.nullable().optional(),
    favicon_id: fileId.nullable().optional(),
  })
  .strict();
export type ThemeUpdateBody = z.output<typeof themeUpdateBody>;

/** POST /api/theme-settings/activate (theme, apply_defaults). */
export const themeActivateBody = z.object({
  theme: themeName,
  apply_defaults: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')])
    .default(false),
});
/** POST /api/theme-settings/reset (theme). */
export const themeResetBody = z.object({ theme: themeName });

export type ThemeImage = { id: number; url: string; name: string } | null;
export type AvailableTheme = { name: ThemeName; label: string; default_colors: ThemeColors };

/** spec 2 §3 Theme settings, in the spec's own camelCase names. */
export type ThemeSettingsData = {
  activeTheme: ThemeName;
  availableThemes: AvailableTheme[];
  themeColors: ThemeColors;
  defaultColors: ThemeColors;
  themeDefaultColors: ThemeColors;
  logo: ThemeImage;
  favicon: ThemeImage;
};
export type ThemeSettingsReply = { success: true; message?: string; data: ThemeSettingsData };
