import { eq } from 'drizzle-orm';
import { RENTAL_TEMPLATE_MESSAGES as M } from '../../../contracts/rental-templates';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { rentalTemplates } from './templates.tables';

/**
 * POST /api/rental-templates/{id}/duplicate: a copy named "… (copy)" with the original's content,
 * type and status, never the default (there is one per type; docs/decisions/0028).
 */
export async function duplicateRentalTemplate(ctx: AppContext, actor: Actor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const [source] = await tx.select().from(rentalTemplates).where(eq(rentalTemplates.id, id)).limit(1);
    if (!source) throw notFound(M.notFound);
    const [copy] = await tx
      .insert(rentalTemplates)
      .values({
        name: M.copyName(source.name).slice(0, 255),
        content: source.content,
        type: source.type,
        variables: source.variables,
        status: source.status,
        isDefault: false,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning();
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'rental_template.duplicated',
      subjectType: 'rental_template',
      subjectId: copy!.id,
      data: { from_id: source.id, name: copy!.name },
      ip: actor.ip,
    });
    return copy!;
  });
}
