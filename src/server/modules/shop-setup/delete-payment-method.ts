import { eq } from 'drizzle-orm';
import { PAYMENT_METHOD_MESSAGES as M } from '../../../contracts/shop-setup';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { paymentMethods } from './shop-setup.tables';

/** DELETE /api/payment-methods/{id}; its icon stays in the file library. */
export async function deletePaymentMethod(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(paymentMethods).where(eq(paymentMethods.id, id)).returning();
    if (!deleted) throw notFound(M.notFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'payment_method.deleted',
      subjectType: 'payment_method',
      subjectId: id,
      data: { name: deleted.name, code: deleted.code },
      ip: actor.ip,
    });
  });
}
