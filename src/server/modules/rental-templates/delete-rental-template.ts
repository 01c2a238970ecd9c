import { eq } from 'drizzle-orm';
import { RENTAL_TEMPLATE_MESSAGES as M } from '../../../contracts/rental-templates';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { rentalTemplates } from './rental-templates.tables';

/**
 * DELETE /api/rental-templates/{id}; the screen asks first (spec 2 §4). Documents already made
 * from it are stored PDFs (DECISIONS 12) and stay.
 */
export async function deleteRentalTemplate(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(rentalTemplates).where(eq(rentalTemplates.id, id)).returning();
    if (!deleted) throw notFound(M.notFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_template.deleted',
      subjectType: 'rental_template',
      subjectId: id,
      data: { name: deleted.name, type: deleted.type, is_default: deleted.isDefault },
      ip: actor.ip,
    });
  });
}
