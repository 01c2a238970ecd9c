import { eq } from 'drizzle-orm';
import { changedFields } from '../../../domain/changed-fields';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import { statusForAmount } from '../../../domain/orders/payment-rules';
import type { VatMethod } from '../../../domain/pricing/vat';
import { type Actor, audit } from '../../platform/audit/audit';
import type { Tx } from '../../platform/db/database';
import { settleOrderRuleUses } from './order-discount-uses';
import { settleOrderStock } from './order-stock';
import { auditFields } from './orders.presenter';
import { completedPaid, itemsOfOrder, type OrderRow } from './orders.queries';
import { orders } from './orders.tables';
import { priceOrder, storedItems, totalsColumns } from './price-order-items';

export type OrderPatch = Partial<Omit<typeof orders.$inferInsert, 'id' | 'orderCode' | 'createdAt'>>;

/**
 * Writes a change of some of an order's fields (update-field, quick status): when the shipping
 * cost moves, the totals are worked out again from the stored items with the order's own VAT
 * settings; then the stock follows the new state (cancellation, deduction timing) and the change is
 * audited. The caller holds the order's row lock.
 */
export async function applyOrderChange(
  tx: Tx,
  actor: Actor,
  now: Date,
  before: OrderRow,
  patch: OrderPatch,
): Promise<OrderRow> {
  const values: OrderPatch = { ...patch, updatedAt: now };
  if (patch.shippingCost !== undefined && patch.shippingCost !== before.shippingCost) {
    const items = await itemsOfOrder(tx, before.id);
    const totals = priceOrder(storedItems(items), {
      shipping: fromDecimal(patch.shippingCost),
      globalDiscountPercent: Number(before.globalDiscount),
      vat: { enabled: before.vatEnabled, method: before.vatMethod as VatMethod },
    });
    Object.assign(values, totalsColumns(totals));
    const paid = await completedPaid(tx, before.id);
    if (paid > 0 && before.paymentStatus !== 'refunded') {
      values.paymentStatus = statusForAmount(paid, totals.grandTotal);
      values.amountPaid = toDecimalText(paid);
    }
  }
  const [updated] = await tx.update(orders).set(values).where(eq(orders.id, before.id)).returning();
  let after = updated!;
  const deductedAt = await settleOrderStock(tx, actor, now, before, after);
  const rulesUsed = await settleOrderRuleUses(tx, before, after, now);
  if (deductedAt?.getTime() !== after.stockDeductedAt?.getTime())
    after = { ...after, stockDeductedAt: deductedAt };
  await audit(tx, {
    actorUserId: actor.userId,
    action: 'order.updated',
    subjectType: 'order',
    subjectId: before.id,
    data: {
      ...changedFields(auditFields(before), auditFields(after)),
      ...(rulesUsed.length > 0 ? { discount_rules_used: rulesUsed } : {}),
    },
    ip: actor.ip,
  });
  return after;
}
