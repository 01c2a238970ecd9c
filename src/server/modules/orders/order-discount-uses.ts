import { fromDecimal } from '../../../domain/money/money';
import type { DeliveryStatus } from '../../../domain/orders/delivery-rules';
import { isCancellation, isReopening } from '../../../domain/orders/stock-timing';
import type { Tx } from '../../platform/db/database';
import { recordRuleUses, releaseRuleUses, rulesUsedBy } from '../catalogue';
import { itemsOfOrder, type OrderItemRow, type OrderRow } from './orders.queries';

/** The usages of an order are kept under this reference. */
export const orderUseReference = (orderId: number) => `order:${orderId}`;

/**
 * A new order records one use of each discount rule its lines use (docs/decisions/0039), in its
 * own transaction, so a rule with a usage limit stops applying once the limit is reached.
 */
async function recordOrderRuleUses(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'userId'>,
  items: readonly OrderItemRow[],
  now: Date,
  pricedUses?: readonly number[],
): Promise<number[]> {
  if (pricedUses) return recordRuleUses(tx, pricedUses, order.userId, orderUseReference(order.id));
  const lines = items.flatMap((item) =>
    item.productId === null
      ? []
      : [
          {
            productId: item.productId,
            variantId: item.variantId,
            quantity: item.quantity,
            price: fromDecimal(item.price),
          },
        ],
  );
  const used = await rulesUsedBy(tx, order.userId, lines, now);
  return recordRuleUses(tx, used, order.userId, orderUseReference(order.id));
}

/**
 * Keeps an order's rule uses in step with its state (docs/decisions/0039): a new order records
 * them; one cancelled before any payment gives them back (a paid one keeps them); a cancelled order
 * re-opened takes them again for the lines it has then, as far as the limits still allow. Answers
 * the rules recorded by this change. `pricedUses`: the rules a new order's lines use, when its
 * caller priced them in the same transaction by the same engine (the checkout), instead of pricing
 * them again here.
 */
export async function settleOrderRuleUses(
  tx: Tx,
  before: Pick<OrderRow, 'deliveryStatus'> | null,
  after: Pick<OrderRow, 'id' | 'userId' | 'amountPaid' | 'deliveryStatus'>,
  now: Date,
  items?: readonly OrderItemRow[],
  pricedUses?: readonly number[],
): Promise<number[]> {
  const state = (o: Pick<OrderRow, 'deliveryStatus'>) => ({
    deliveryStatus: o.deliveryStatus as DeliveryStatus,
  });
  if (before === null || isReopening(state(before), state(after)))
    return recordOrderRuleUses(
      tx,
      after,
      items ?? (await itemsOfOrder(tx, after.id)),
      now,
      before === null ? pricedUses : undefined,
    );
  if (isCancellation(state(before), state(after)) && fromDecimal(after.amountPaid) === 0)
    await releaseRuleUses(tx, orderUseReference(after.id));
  return [];
}
