import { EMAIL_SETTINGS_MESSAGES as M, type TestEmailReply } from '../../../contracts/email-settings';
import { AppError } from '../../../domain/errors';
import type { AppContext } from '../../platform/context';
import { getSettings } from '../../platform/settings/settings-store';

/**
 * POST /api/email-management/test-email (spec 2 §7): sends a short e-mail through the mail
 * settings as they are stored. A mail server that refuses or cannot be reached answers 422 with
 * its reason, so the admin sees what to fix; without SMTP the e-mail is written to the mail folder.
 */
export async function sendTestEmail(ctx: AppContext, to: string): Promise<TestEmailReply> {
  const { site_name, smtp_host } = await getSettings(ctx.db, ['site_name', 'smtp_host']);
  try {
    const sent = await ctx.mailer.send({
      to,
      subject: `Test e-mail from ${site_name}`,
      text: `This is a test e-mail from ${site_name}.\n\nIf you can read it, the shop's e-mail settings work${smtp_host ? ` (SMTP server ${smtp_host})` : ''}.`,
    });
    return sent.file
      ? { success: true, message: M.testWritten(to), delivered: 'file' }
      : { success: true, message: M.testSent(to), delivered: 'smtp' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('validation', M.testFailed(reason), { recipient_email: [M.testFailed(reason)] });
  }
}
