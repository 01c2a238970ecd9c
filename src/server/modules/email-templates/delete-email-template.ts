import { eq } from 'drizzle-orm';
import { EMAIL_TEMPLATE_MESSAGES as M } from '../../../contracts/email-templates';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { emailTemplates } from './email-templates.tables';

/** DELETE /api/email-management/templates/{id}; the screen asks first (spec 2 §4). */
export async function deleteEmailTemplate(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(emailTemplates).where(eq(emailTemplates.id, id)).returning();
    if (!deleted) throw notFound(M.notFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'email_template.deleted',
      subjectType: 'email_template',
      subjectId: id,
      data: { name: deleted.name, slug: deleted.slug, type: deleted.type },
      ip: actor.ip,
    });
  });
}
