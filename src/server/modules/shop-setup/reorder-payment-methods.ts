import { eq, inArray } from 'drizzle-orm';
import { PAYMENT_METHOD_MESSAGES as M, type PaymentMethodOrderBody } from '../../../contracts/shop-setup';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import { audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { paymentMethods } from './shop-setup.tables';

/**
 * POST /api/payment-methods/order: the order after a drag, saved as a whole in one transaction
 * (spec 2 §4); an id that no longer exists refuses the whole change.
 */
export async function reorderPaymentMethods(ctx: AppContext, actor: Actor, input: PaymentMethodOrderBody) {
  await ctx.db.transaction(async (tx) => {
    const ids = input.orders.map((o) => o.id);
    const found = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(inArray(paymentMethods.id, ids))
      .for('update');
    if (found.length !== ids.length) throw fieldError('orders', M.ordersUnknown);
    const now = ctx.now();
    for (const { id, display_order } of input.orders) {
      await tx
        .update(paymentMethods)
        .set({ displayOrder: display_order, updatedAt: now })
        .where(eq(paymentMethods.id, id));
    }
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'payment_method.reordered',
      subjectType: 'payment_method',
      data: { orders: input.orders },
      ip: actor.ip,
    });
  });
}
