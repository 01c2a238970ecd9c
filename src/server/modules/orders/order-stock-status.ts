import { and, eq, inArray } from 'drizzle-orm';
import type { OrderStockStatusReply } from '../../../contracts/orders';
import type { Executor } from '../../platform/db/database';
import { readTogether } from '../../platform/db/read-together';
import { getSettings } from '../../platform/settings/settings-store';
import { productStocks, products } from '../catalogue/catalogue.tables';
import { stockDeductions } from '../stock/stock.tables';
import { isCreditOrder } from './deduct-order-stock';
import { findOrder, itemsOfOrder } from './orders.queries';

/** GET /api/orders/{id}/stock-status (spec 1 §2 "stock status" section, §7). */
export async function orderStockStatus(db: Executor, id: number): Promise<OrderStockStatusReply> {
  const order = await findOrder(db, id);
  const [items, settings, held] = await readTogether(db, [
    () => itemsOfOrder(db, order.id),
    () => getSettings(db, ['stock_management_enabled', 'stock_deduction_timing']),
    () =>
      db
        .select({ productId: stockDeductions.productId, variantId: stockDeductions.variantId })
        .from(stockDeductions)
        .where(and(eq(stockDeductions.referenceType, 'order'), eq(stockDeductions.referenceId, order.id))),
  ]);
  const productIds = [...new Set(items.map((i) => i.productId).filter((v): v is number => v !== null))];
  const variantIds = [...new Set(items.map((i) => i.variantId).filter((v): v is number => v !== null))];
  const [productRows, variantRows] = await readTogether(db, [
    () =>
      productIds.length
        ? db
            .select({ id: products.id, qty: products.stockQuantity })
            .from(products)
            .where(inArray(products.id, productIds))
        : [],
    () =>
      variantIds.length
        ? db
            .select({ id: productStocks.id, qty: productStocks.qty })
            .from(productStocks)
            .where(inArray(productStocks.id, variantIds))
        : [],
  ]);
  const productQty = new Map(productRows.map((r) => [r.id, r.qty]));
  const variantQty = new Map(variantRows.map((r) => [r.id, r.qty]));
  const heldKeys = new Set(held.map((h) => `${h.productId}:${h.variantId ?? '-'}`));
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
        available:
          item.variantId !== null
            ? (variantQty.get(item.variantId) ?? 0)
            : item.productId !== null
              ? (productQty.get(item.productId) ?? 0)
              : 0,
        deducted: heldKeys.has(`${item.productId}:${item.variantId ?? '-'}`),
      })),
    },
  };
}
