import {
  EMAIL_SETTING_KEYS,
  type EmailSettingsReply,
  type EmailSettingsView,
  emailSettingBody,
  EMAIL_SETTINGS_MESSAGES as M,
  type TestEmailReply,
  testEmailBody,
} from '../../../contracts/email-settings';
import type { Executor } from '../../platform/db/database';
import { defineRoute } from '../../platform/http/define-route';
import { getSettings } from '../../platform/settings/settings-store';
import { sendTestEmail } from './send-test-email';
import { updateEmailSetting } from './update-email-setting';

/** E-mail settings need settings.manage (admin only, DECISIONS 1). */
const auth = { permission: 'settings.manage' } as const;

/** Every e-mail setting but the SMTP password, which is only said to be stored or not. */
export async function readEmailSettings(db: Executor): Promise<EmailSettingsView> {
  const { smtp_password, ...settings } = await getSettings(db, EMAIL_SETTING_KEYS);
  return { ...settings, has_smtp_password: smtp_password !== '' };
}

/** E-mail settings and the test e-mail (spec 2 §3 E-mail, §7 "E-mail, rental templates"). */
export const emailSettingsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/email-management/settings',
    auth,
    handler: async ({ ctx }): Promise<EmailSettingsReply> => ({
      success: true,
      settings: await readEmailSettings(ctx.db),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/email-management/settings',
    auth,
    body: emailSettingBody,
    handler: async ({ ctx, body, session, req }) => {
      await updateEmailSetting(ctx, { userId: session.user.id, ip: req.ip }, body.key, body.value);
      return { success: true, message: M.saved, settings: await readEmailSettings(ctx.db) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/email-management/test-email',
    auth,
    body: testEmailBody,
    handler: async ({ ctx, body }): Promise<TestEmailReply> => sendTestEmail(ctx, body.recipient_email),
  }),
];
