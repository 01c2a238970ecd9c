import { eq } from 'drizzle-orm';
import { type AreaProfileBody, AREA_MESSAGES as M } from '../../../contracts/customer-areas';
import { type UserType, userProfileErrors } from '../../../domain/accounts/user-rules';
import { validationError } from '../../../domain/errors';
import { audit } from '../../platform/audit/audit';
import { users } from '../../platform/auth/auth.tables';
import type { SignedInSession } from '../../platform/auth/sessions';
import type { AppContext } from '../../platform/context';
import { assertEmailFree } from '../accounts';
import { presentAreaProfile } from './customer-areas.presenter';

/**
 * PUT /api/{role}/profile (spec 3 §3 Profile): the signed-in user's own name, e-mail, phones and
 * company name, under the user rules of their account type (spec 2 §5: an individual needs first
 * and last name, a company its name). Roles and account type are not the user's to change here.
 */
export async function updateAreaProfile(
  ctx: AppContext,
  session: SignedInSession,
  body: AreaProfileBody,
  ip: string | null,
) {
  const now = ctx.now();
  const userId = session.user.id;
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    const companyName = body.company_name === undefined ? user!.companyName : body.company_name;
    const errors = userProfileErrors({
      user_type: user!.userType as UserType,
      first_name: body.first_name ?? null,
      last_name: body.last_name ?? null,
      company_name: companyName,
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    await assertEmailFree(tx, body.email, userId);
    const [updated] = await tx
      .update(users)
      .set({
        firstName: body.first_name ?? null,
        lastName: body.last_name ?? null,
        email: body.email,
        phone: body.phone ?? null,
        // A changed mobile number is no longer the one that was verified.
        mobile: body.mobile ?? null,
        ...((body.mobile ?? null) !== user!.mobile ? { mobileVerifiedAt: null } : {}),
        companyName: companyName ?? null,
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning();
    await audit(tx, {
      actorUserId: userId,
      action: 'profile.updated',
      subjectType: 'user',
      subjectId: userId,
      data: { email_changed: user!.email !== body.email },
      ip,
    });
    return {
      success: true as const,
      message: M.profileUpdated,
      data: presentAreaProfile(updated!, session.roles),
    };
  });
}
