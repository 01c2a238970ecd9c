import { SMS_MESSAGES as M, type SmsLogSavedReply } from '../../../contracts/messaging';
import { fieldError } from '../../../domain/errors';
import { normalizeSmsPhone } from '../../../domain/messaging/sms';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { getSetting } from '../../platform/settings/settings-store';
import { presentSmsLog } from './messaging.presenter';
import { sendSms } from './send-sms';
import { readSmsSettings } from './sms-settings';

/**
 * POST /api/sms-configuration/test-sms (spec 2 §7): a short message through the stored gateway
 * settings, logged as `test` whatever happens. A gateway that refuses or cannot be reached answers
 * 422 with its reason (the failed log row stays), never a 500.
 */
export async function sendTestSms(ctx: AppContext, actor: Actor, phone: string): Promise<SmsLogSavedReply> {
  const settings = await readSmsSettings(ctx.db);
  if (settings.sms_gateway_app_id === '' || settings.sms_gateway_app_key === '')
    throw fieldError('phone_number', M.notConfigured);
  const siteName = await getSetting(ctx.db, 'site_name');
  const to = normalizeSmsPhone(phone);
  const log = await sendSms(ctx, settings, {
    to,
    message: `Test SMS from ${siteName}: your SMS gateway settings work.`,
    type: 'test',
  });
  await audit(ctx.db, {
    actorUserId: actor.userId,
    action: 'sms.test_sent',
    subjectType: 'sms_log',
    subjectId: log.id,
    data: { phone: to, status: log.status },
    ip: actor.ip,
  });
  if (log.status === 'failed') throw fieldError('phone_number', M.sendFailed(log.error ?? 'unknown error'));
  return { success: true, message: M.testSent(to), data: presentSmsLog(log) };
}
