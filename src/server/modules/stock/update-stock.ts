import type { UpdateStockBody, UpdateStockReply } from '../../../contracts/stock';
import { STOCK_MESSAGES as M } from '../../../contracts/stock';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/http/errors';
import { isLiveProduct } from './stock.queries';
import { adjust, isStockManagementEnabled } from './stock-service';

/** POST /api/stock-update/update-stock (spec 2 §5, §7): sets a counted quantity through the stock service. */
export async function updateStock(
  ctx: AppContext,
  actor: Actor,
  body: UpdateStockBody,
): Promise<UpdateStockReply> {
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await isStockManagementEnabled(tx))) throw conflict(M.disabled);
    // A deleted product keeps its row for order history, but its stock is no longer kept.
    if (!(await isLiveProduct(tx, body.product_id))) throw notFound(M.productNotFound);
    return adjust(tx, {
      productId: body.product_id,
      variantId: body.variant_id,
      storeLocationId: body.store_location_id,
      newQuantity: body.new_quantity,
      reason: body.reason,
      userId: actor.userId,
      notes: body.notes ?? null,
    });
  });
  return {
    success: true,
    message: result.changed ? M.stockUpdated : body.notes ? M.stockUnchangedNoteSaved : M.stockUnchanged,
    data: {
      product_id: body.product_id,
      variant_id: body.variant_id,
      store_location_id: body.store_location_id,
      old_quantity: result.oldQuantity,
      new_quantity: result.newQuantity,
      current_stock: result.totalAfter,
    },
  };
}
