import { eq } from 'drizzle-orm';
import { ORDER_MESSAGES as M, type UpdateItemsBody } from '../../../contracts/orders';
import { validationError } from '../../../domain/errors';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import { hasItemChanges, itemChanges } from '../../../domain/orders/order-changes';
import { itemsLocked, type PaymentStatus, statusForAmount } from '../../../domain/orders/payment-rules';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { returnOrderStock, stockSettings } from './order-stock';
import { completedPaid, itemsOfOrder, lockOrder } from './orders.queries';
import { orders } from './orders.tables';
import { orderVatSettings, priceOrder, snapshotItems, totalsColumns } from './price-order-items';
import {
  checkGrandTotal,
  linesOfInput,
  linesOfSnapshot,
  linesOfStored,
  paidOrderRestriction,
  writeItems,
} from './save-order';

export type UpdateItemsReply = { message: string; order: { grand_total: string }; stock_reversed: boolean };

/**
 * POST /admin/orders/{id}/update-items (spec 1 §4 "Item editing", §7): replaces the items, re-priced
 * with the settings of the moment (decision 0030). A paid order is locked. Changing the items of an
 * order whose stock was deducted gives that deduction back (stock_reversed).
 */
export async function updateOrderItems(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: UpdateItemsBody,
): Promise<UpdateItemsReply> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    const stored = await itemsOfOrder(tx, order.id);
    const changed = hasItemChanges(
      itemChanges(linesOfStored(stored), linesOfInput(body.order_items_json, stored)),
    );
    if (changed && itemsLocked(order.paymentStatus as PaymentStatus)) throw paidOrderRestriction();

    const stock = await stockSettings(tx);
    const vat = await orderVatSettings(tx, order);
    const snapshot = await snapshotItems(tx, body.order_items_json, {
      stockManagement: stock.enabled,
      existing: stored,
    });
    if (Object.keys(snapshot.errors).length > 0) throw validationError(snapshot.errors);
    const totals = priceOrder(snapshot.items, {
      shipping: fromDecimal(order.shippingCost),
      globalDiscountPercent: Number(order.globalDiscount),
      vat,
    });
    checkGrandTotal(body.grand_total, totals, order.currencySymbol);

    let stockReversed = false;
    if (changed && order.stockDeductedAt !== null) {
      await returnOrderStock(tx, order, stored, actor);
      stockReversed = true;
    }
    await writeItems(tx, order.id, snapshot.items, totals);
    const paid = await completedPaid(tx, order.id);
    // A new total moves a part-paid order between partial and paid; credit and refunded stay.
    const paymentStatus =
      paid > 0 && order.paymentStatus !== 'refunded'
        ? statusForAmount(paid, totals.grandTotal)
        : order.paymentStatus;
    const [saved] = await tx
      .update(orders)
      .set({
        ...totalsColumns(totals),
        vatEnabled: vat.enabled,
        vatMethod: vat.method,
        paymentStatus,
        amountPaid: toDecimalText(paid),
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .returning({ grandTotal: orders.grandTotal });

    const summary = itemChanges(linesOfStored(stored), linesOfSnapshot(snapshot.items));
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'order.updated',
      subjectType: 'order',
      subjectId: order.id,
      data: {
        ...(hasItemChanges(summary) ? { items: summary } : {}),
        ...(order.grandTotal !== saved!.grandTotal
          ? { grand_total: { from: order.grandTotal, to: saved!.grandTotal } }
          : {}),
        ...(paymentStatus !== order.paymentStatus
          ? { payment_status: { from: order.paymentStatus, to: paymentStatus } }
          : {}),
        ...(stockReversed
          ? { stock_deducted_at: { from: order.stockDeductedAt?.toISOString(), to: null } }
          : {}),
      },
      ip: actor.ip,
    });
    return {
      message: stockReversed ? M.itemsSavedStockReversed : M.itemsSaved,
      order: { grand_total: saved!.grandTotal },
      stock_reversed: stockReversed,
    };
  });
}
