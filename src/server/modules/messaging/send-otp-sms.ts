import type { SmsSettings } from '../../../contracts/messaging';
import { renderOtpMessage } from '../../../domain/messaging/sms';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { getSetting } from '../../platform/settings/settings-store';
import { sendSms } from './send-sms';
import { readSmsSettings } from './sms-settings';

/**
 * Where one-time codes go (docs/decisions/0057): nowhere unless codes by SMS are switched on; the
 * sandbox when it is on; else the gateway once it is switched on with an app id and key.
 */
export function otpChannel(settings: SmsSettings): 'sandbox' | 'gateway' | null {
  if (!settings.sms_otp_enabled) return null;
  if (settings.sms_sandbox_enabled) return 'sandbox';
  const configured = settings.sms_gateway_app_id !== '' && settings.sms_gateway_app_key !== '';
  return settings.sms_gateway_enabled && configured ? 'gateway' : null;
}

/** Whether the shop can send sign-in codes now (the sign-in page offers SMS only then). */
export async function otpSmsAvailable(db: Executor): Promise<boolean> {
  return otpChannel(await readSmsSettings(db)) !== null;
}

/**
 * Sends a one-time code from the OTP message template (spec 2 §3) and logs it, the code masked
 * unless the sandbox took it. Called by a job, never inside a request. A code whose channel was
 * switched off since it was asked for is not sent.
 */
export async function sendOtpSms(ctx: AppContext, input: { to: string; code: string; minutes: number }) {
  const settings = await readSmsSettings(ctx.db);
  const channel = otpChannel(settings);
  if (!channel) return null;
  const message = renderOtpMessage(settings.sms_otp_message_template, {
    code: input.code,
    minutes: input.minutes,
    app_name: await getSetting(ctx.db, 'site_name'),
  });
  return sendSms(ctx, settings, { to: input.to, message, type: 'otp', code: input.code }, channel);
}
