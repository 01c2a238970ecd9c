import type { FastifyRequest } from 'fastify';
import { MAGIC_LINK_MINUTES } from '../../../domain/accounts/sign-in-codes';
import type { AppContext } from '../../platform/context';
import { defineJob } from '../../platform/jobs/job-queue';
import { sendEmailToken } from './email-token';

/**
 * The sign-in link e-mail, sent by the job queue after the token is stored (docs/decisions/0046).
 * The token travels in the job's payload only until the mail is sent or given up.
 */
export const magicLinkMail = defineJob<{ to: string; token: string }>({
  name: 'accounts.magic-link-mail',
  secretKeys: ['token'],
  async run(ctx, { to, token }) {
    if (!token) throw new Error('the sign-in token is no longer kept: ask for a new link');
    const link = `${ctx.config.publicUrl}/auth/magic-link/${token}`;
    await ctx.mailer.send({
      to,
      subject: 'Your sign-in link',
      text: `Open this link to sign in to your account (valid ${MAGIC_LINK_MINUTES} minutes, once):\n${link}\n\nThe page asks you to confirm before you are signed in.\n\nIf you did not ask for this, you can ignore this e-mail.`,
    });
  },
});

/**
 * POST /auth/magic-link (DECISIONS 4, docs/decisions/0056): always the same answer, so it reveals
 * no account; a known active account gets a single-use link valid 15 minutes, and its older
 * unused links stop working (sendEmailToken).
 */
export function requestMagicLink(ctx: AppContext, req: FastifyRequest, email: string): Promise<void> {
  return sendEmailToken(ctx, req, email, {
    purpose: 'magic_link',
    limitKey: 'magic-link',
    minutes: MAGIC_LINK_MINUTES,
    mail: magicLinkMail,
  });
}
