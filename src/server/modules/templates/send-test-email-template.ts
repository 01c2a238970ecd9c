import { EMAIL_TEMPLATE_MESSAGES as M, type SendTestTemplateReply } from '../../../contracts/email-templates';
import { AppError } from '../../../domain/errors';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { renderEmailTemplateSample } from './render-templates';
import { findEmailTemplate } from './templates.queries';

/**
 * POST /api/email-management/templates/{id}/send-test: the template rendered with sample values,
 * sent through the shop's mailer as HTML with a text alternative. A mail server that refuses
 * answers 422 with its reason, like the settings' test e-mail.
 */
export async function sendTestEmailTemplate(
  ctx: AppContext,
  id: number,
  to: string,
): Promise<SendTestTemplateReply> {
  const template = await findEmailTemplate(ctx.db, id);
  if (!template) throw notFound(M.notFound);
  const rendered = renderEmailTemplateSample(template);
  try {
    const sent = await ctx.mailer.send({
      to,
      subject: `[Test] ${rendered.subject}`,
      html: rendered.html,
      text: rendered.text,
    });
    return sent.file
      ? { success: true, message: M.testWritten(to), delivered: 'file' }
      : { success: true, message: M.testSent(to), delivered: 'smtp' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('validation', M.testFailed(reason), { recipient_email: [M.testFailed(reason)] });
  }
}
