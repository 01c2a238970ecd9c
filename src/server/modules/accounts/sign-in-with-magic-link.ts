import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGN_IN_MESSAGES } from '../../../domain/accounts/sign-in-codes';
import { AppError } from '../../../domain/errors';
import { audit } from '../../platform/audit/audit';
import { authTokens, users } from '../../platform/auth/auth.tables';
import { hashToken } from '../../platform/auth/tokens';
import type { AppContext } from '../../platform/context';
import { openUserSession, signInRefusal } from './sign-in';

/**
 * POST /auth/magic-link/{token} (DECISIONS 4, docs/decisions/0056): the button of the link's page.
 * The token is claimed by one conditional update (unused, unexpired, a magic link), so it signs in
 * once even when the button is pressed twice at the same time; then the session is made as for a
 * password sign-in. An unknown, used or expired link, or an account that may not sign in, is 422.
 */
export async function signInWithMagicLink(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  const now = ctx.now();
  const [claimed] = await ctx.db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, 'magic_link'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId });
  if (!claimed) throw new AppError('validation', SIGN_IN_MESSAGES.magicLinkInvalid);
  const [user] = await ctx.db
    .select({ accountStatus: users.accountStatus })
    .from(users)
    .where(eq(users.id, claimed.userId));
  const refusal = user ? signInRefusal(user.accountStatus) : SIGN_IN_MESSAGES.magicLinkInvalid;
  if (refusal) throw new AppError('validation', refusal);
  return openUserSession(ctx, req, reply, {
    userId: claimed.userId,
    remember: false,
    alsoInTx: (tx) =>
      audit(tx, {
        actorUserId: claimed.userId,
        action: 'signed_in_by_magic_link',
        subjectType: 'user',
        subjectId: claimed.userId,
        ip: req.ip,
      }),
  });
}
