import type { FastifyRequest } from 'fastify';
import {
  FAVICON_MAX_BYTES,
  LOGO_MAX_BYTES,
  THEME_MESSAGES as M,
  type ThemeSettingsReply,
  themeActivateBody,
  themeResetBody,
  themeUpdateBody,
} from '../../../contracts/theme-settings';
import { AppError, fieldError } from '../../../domain/errors';
import { THEME_LABELS } from '../../../domain/theme/theme';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import type { ImageUpload } from '../files';
import { activateTheme } from './activate-theme';
import { resetTheme } from './reset-theme';
import { readThemeSettings } from './theme-settings';
import { updateThemeSettings } from './update-theme-settings';
import { type ThemeImageKind, uploadThemeImage } from './upload-theme-image';

/** Changing the theme is a setting: admin only (DECISIONS 1). */
const auth = { permission: 'settings.manage' } as const;

/** Reads the one file of an upload form (held in memory, at most `maxBytes`). */
async function readUpload(
  req: FastifyRequest,
  field: ThemeImageKind,
  maxBytes: number,
): Promise<ImageUpload> {
  const tooLarge = field === 'logo' ? M.logoSize : M.faviconSize;
  if (!req.isMultipart()) throw fieldError(field, M.noFile);
  let upload: ImageUpload | null = null;
  let truncated = false;
  try {
    for await (const part of req.parts({
      limits: { fileSize: maxBytes, files: 2, fields: 10 },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0])) {
      if (part.type === 'field') continue;
      const data = await part.toBuffer();
      if (part.fieldname !== field || upload) continue;
      if (part.file.truncated) truncated = true;
      else if (data.length > 0) upload = { name: part.filename || field, data };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw fieldError(field, M.noFile);
  }
  if (truncated) throw fieldError(field, tooLarge);
  if (!upload) throw fieldError(field, M.noFile);
  return upload;
}

/** Theme settings (spec 2 §3, §7 "Theme, system, website, stock settings"). */
export const themeSettingsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/theme-settings',
    auth,
    handler: async ({ ctx }): Promise<ThemeSettingsReply> => ({
      success: true,
      data: await readThemeSettings(ctx),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/theme-settings/update',
    auth,
    body: themeUpdateBody,
    handler: async ({ ctx, req, session, body }): Promise<ThemeSettingsReply> => {
      await updateThemeSettings(ctx, actorOf(session, req), body);
      return { success: true, message: M.updated, data: await readThemeSettings(ctx) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/theme-settings/activate',
    auth,
    body: themeActivateBody,
    handler: async ({ ctx, req, session, body }): Promise<ThemeSettingsReply> => {
      await activateTheme(ctx, actorOf(session, req), body.theme, body.apply_defaults);
      return {
        success: true,
        message: M.activated(THEME_LABELS[body.theme]),
        data: await readThemeSettings(ctx),
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/theme-settings/reset',
    auth,
    body: themeResetBody,
    handler: async ({ ctx, req, session, body }): Promise<ThemeSettingsReply> => {
      await resetTheme(ctx, actorOf(session, req), body.theme);
      return { success: true, message: M.resetDone, data: await readThemeSettings(ctx) };
    },
  }),

  ...(
    [
      ['logo', '/api/theme-settings/upload-logo', LOGO_MAX_BYTES, M.logoUploaded],
      ['favicon', '/api/theme-settings/upload-favicon', FAVICON_MAX_BYTES, M.faviconUploaded],
    ] as const
  ).map(([kind, url, maxBytes, message]) =>
    defineRoute({
      method: 'POST',
      url,
      auth,
      multipart: true,
      handler: async ({ ctx, req, session }): Promise<ThemeSettingsReply> => {
        const upload = await readUpload(req, kind, maxBytes);
        await uploadThemeImage(ctx, actorOf(session, req), kind, upload);
        return { success: true, message, data: await readThemeSettings(ctx) };
      },
    }),
  ),
];
