import type { OrderStockStatusReply } from '../../../contracts/orders';
import type { Executor } from '../../platform/db/database';
import { readTogether } from '../../platform/db/read-together';
import { getSettings } from '../../platform/settings/settings-store';
import { stockHeldBy, stockOnHand } from '../stock';
import { isCreditOrder } from './deduct-order-stock';
import { findOrder, itemsOfOrder } from './orders.queries';

/** GET /api/orders/{id}/stock-status (spec 1 §2 "stock status" section, §7). */
export async function orderStockStatus(db: Executor, id: number): Promise<OrderStockStatusReply> {
  const order = await findOrder(db, id);
  const [items, settings, held] = await readTogether(db, [
    () => itemsOfOrder(db, order.id),
    () => getSettings(db, ['stock_management_enabled', 'stock_deduction_timing']),
    () => stockHeldBy(db, { type: 'order', id: order.id }),
  ]);
  const onHand = await stockOnHand(db, items);
  return {
    success: true,
    data: {
      stock_management_enabled: settings.stock_management_enabled,
      deduction_timing: settings.stock_deduction_timing,
      stock_deducted_at: order.stockDeductedAt?.toISOString() ?? null,
      is_credit_order: isCreditOrder(order),
      items: items.map((item) => ({
        order_item_id: item.id,
        product_name: item.productName,
        variant: item.variantLabel,
        quantity: item.quantity,
        available: onHand(item),
        deducted: held(item),
      })),
    },
  };
}
