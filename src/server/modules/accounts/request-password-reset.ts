import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { defineJob } from '../../platform/jobs/job-queue';
import { sendEmailToken } from './email-token';

export const RESET_TOKEN_MINUTES = 60;

/**
 * The reset e-mail, sent by the job queue after the token is stored (docs/decisions/0046). The
 * token travels in the job's payload only until the mail is sent or given up.
 */
export const passwordResetMail = defineJob<{ to: string; token: string }>({
  name: 'accounts.password-reset-mail',
  secretKeys: ['token'],
  async run(ctx, { to, token }) {
    // A finished job loses its token: a failed one sent again by hand cannot mail a working link.
    if (!token) throw new Error('the reset token is no longer kept: ask for a new link');
    const link = `${ctx.config.publicUrl}/reset-password/${token}?email=${encodeURIComponent(to)}`;
    await ctx.mailer.send({
      to,
      subject: 'Reset your password',
      text: `We received a request to reset the password of your account.\n\nOpen this link to choose a new password (valid ${RESET_TOKEN_MINUTES} minutes, once):\n${link}\n\nIf you did not ask for this, you can ignore this e-mail.`,
    });
  },
});

/**
 * Forgot password (DECISIONS 3): always the same answer so it reveals no account; a known active
 * account gets a single-use link valid 60 minutes, and its older unused links stop working
 * (sendEmailToken).
 */
export function requestPasswordReset(ctx: AppContext, req: FastifyRequest, email: string): Promise<void> {
  return sendEmailToken(ctx, req, email, {
    purpose: 'password_reset',
    limitKey: 'reset',
    minutes: RESET_TOKEN_MINUTES,
    mail: passwordResetMail,
  });
}
