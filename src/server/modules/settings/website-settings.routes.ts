import {
  WEBSITE_SETTINGS_MESSAGES as M,
  PUBLIC_WEBSITE_SETTING_KEYS,
  type PublicWebsiteSettings,
  type WebsiteSettings,
  type WebsiteSettingsReply,
  type WebsiteSettingsSavedReply,
  websiteSettingsBatchBody,
  websiteSettingUpdateBody,
} from '../../../contracts/website-settings';
import { defineRoute } from '../../platform/http/define-route';
import { readWebsiteSettings, updateWebsiteSettings } from './update-website-settings';

/** Changes need settings.manage: seeded for admin only, not for staff (DECISIONS 1). */
const auth = { permission: 'settings.manage' } as const;

function publicPart(settings: WebsiteSettings): PublicWebsiteSettings {
  return Object.fromEntries(
    PUBLIC_WEBSITE_SETTING_KEYS.map((key) => [key, settings[key]]),
  ) as PublicWebsiteSettings;
}

/** Website settings (spec 2 §3, §7; spec 3 §7 partner checkout; docs/decisions/0020). */
export const websiteSettingsRoutes = [
  // Public: the storefront reads the policy and social links; people who manage settings get all.
  defineRoute({
    method: 'GET',
    url: '/api/website-settings',
    auth: 'public',
    handler: async ({ ctx, session }): Promise<WebsiteSettingsReply> => {
      const settings = await readWebsiteSettings(ctx);
      const mayManage = session?.permissions.has('settings.manage') ?? false;
      return { success: true, settings: mayManage ? settings : publicPart(settings) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/website-settings/update',
    auth,
    body: websiteSettingUpdateBody,
    handler: async ({ ctx, body, session, req }): Promise<WebsiteSettingsSavedReply> => {
      const settings = await updateWebsiteSettings(ctx, { userId: session.user.id, ip: req.ip }, body);
      return { success: true, message: M.settingSaved, settings };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/website-settings/batch-update',
    auth,
    body: websiteSettingsBatchBody,
    handler: async ({ ctx, body, session, req }): Promise<WebsiteSettingsSavedReply> => {
      const settings = await updateWebsiteSettings(ctx, { userId: session.user.id, ip: req.ip }, body);
      return { success: true, message: M.saved, settings };
    },
  }),
];
