import {
  SMS_MESSAGES as M,
  type SmsLogSavedReply,
  type SmsLogsReply,
  type SmsSettingsReply,
  type SmsSettingsSavedReply,
  type SmsStatisticsReply,
  smsCheckStatusBody,
  smsLogsQuery,
  smsPhoneBody,
  smsSettingsBody,
} from '../../../contracts/messaging';
import { fieldError } from '../../../domain/errors';
import { defineRoute } from '../../platform/http/define-route';
import { getSettings } from '../../platform/settings/settings-store';
import { checkSmsStatus } from './check-sms-status';
import { presentSmsLog } from './messaging.presenter';
import { listSmsLogs, smsStatistics } from './messaging.queries';
import { sendTestSms } from './send-test-sms';
import { readSmsSettingsView, updateSmsSettings } from './sms-settings';

/** SMS settings need settings.manage (admin only, DECISIONS 1). */
const auth = { permission: 'settings.manage' } as const;

/** SMS settings, test SMS, logs and statistics (spec 2 §7 "SMS and chat popup"). */
export const smsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/sms-configuration/settings',
    auth,
    handler: async ({ ctx }): Promise<SmsSettingsReply> => ({
      success: true,
      settings: await readSmsSettingsView(ctx.db),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/sms-configuration/settings',
    auth,
    body: smsSettingsBody,
    handler: async ({ ctx, body, session, req }): Promise<SmsSettingsSavedReply> => ({
      success: true,
      message: M.saved,
      settings: await updateSmsSettings(ctx, { userId: session.user.id, ip: req.ip }, body),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/sms-configuration/test-sms',
    auth,
    body: smsPhoneBody,
    handler: async ({ ctx, body, session, req }): Promise<SmsLogSavedReply> =>
      sendTestSms(ctx, { userId: session.user.id, ip: req.ip }, body.phone_number),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/sms-configuration/logs',
    auth,
    query: smsLogsQuery,
    handler: async ({ ctx, query }): Promise<SmsLogsReply> => {
      const page = await listSmsLogs(ctx.db, query);
      return { success: true, ...page, data: page.data.map(presentSmsLog) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/sms-configuration/check-status',
    auth,
    body: smsCheckStatusBody,
    handler: async ({ ctx, body }): Promise<SmsLogSavedReply> => checkSmsStatus(ctx, body.sms_id),
  }),

  // No identity provider client is built in (DECISIONS 4): say so instead of pretending to send.
  defineRoute({
    method: 'POST',
    url: '/api/sms-configuration/test-firebase-otp',
    auth,
    body: smsPhoneBody,
    handler: async ({ ctx }) => {
      const s = await getSettings(ctx.db, [
        'firebase_hybrid_sms_enabled',
        'identity_provider_project_id',
        'identity_provider_web_api_key',
      ]);
      const configured =
        s.firebase_hybrid_sms_enabled &&
        s.identity_provider_project_id !== '' &&
        s.identity_provider_web_api_key !== '';
      throw fieldError('phone_number', configured ? M.firebaseUnavailable : M.firebaseNotConfigured);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/sms-configuration/statistics',
    auth,
    handler: async ({ ctx }): Promise<SmsStatisticsReply> => ({
      success: true,
      data: await smsStatistics(ctx.db, ctx.now()),
    }),
  }),
];
