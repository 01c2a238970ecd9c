import { eq } from 'drizzle-orm';
import { PAYMENT_METHOD_MESSAGES as M, type PaymentMethodStatus } from '../../../contracts/shop-setup';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { findPaymentMethod } from './shop-setup.queries';
import { paymentMethods } from './shop-setup.tables';

/** POST /api/payment-methods/{id}/status: the list's inline status choice (spec 2 §4). */
export async function setPaymentMethodStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: PaymentMethodStatus,
) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, id)).for('update');
    if (!before) throw notFound(M.notFound);
    if (before.status === status) return;
    await tx.update(paymentMethods).set({ status, updatedAt: ctx.now() }).where(eq(paymentMethods.id, id));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'payment_method.status_changed',
      subjectType: 'payment_method',
      subjectId: id,
      data: { status: { from: before.status, to: status } },
      ip: actor.ip,
    });
  });
  return (await findPaymentMethod(ctx.db, id))!;
}
