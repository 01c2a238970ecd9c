import { eq } from 'drizzle-orm';
import { DISCOUNT_MESSAGES } from '../../../contracts/discounts';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { discountRules } from './catalogue.tables';

/**
 * DELETE /api/discounts/{id} (spec 2 §7). Its product and category links and usage rows go with
 * it (foreign keys cascade); the audit row keeps what the rule was.
 */
export async function deleteDiscountRule(ctx: AppContext, actor: Actor, id: number) {
  return ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(discountRules).where(eq(discountRules.id, id)).returning();
    if (!deleted) throw notFound(DISCOUNT_MESSAGES.notFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'discount_rule.deleted',
      subjectType: 'discount_rule',
      subjectId: id,
      data: {
        name: deleted.name,
        type: deleted.type,
        discount_type: deleted.discountType,
        discount_value: Number(deleted.discountValue),
        usage_count: deleted.usageCount,
      },
      ip: actor.ip,
    });
    return { id, name: deleted.name };
  });
}
