import { and, eq, isNull } from 'drizzle-orm';
import { STOCK_MESSAGES as M, type StockNoteBody } from '../../../contracts/stock';
import { fieldError } from '../../../domain/errors';
import type { Actor } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/http/errors';
import { productStocks, products } from '../catalogue/catalogue.tables';
import { stockNotes } from './stock.tables';
import { isStockManagementEnabled } from './stock-service';

/** POST /api/stock-notes/create (spec 2 §3 Stock note, §7). */
export async function createStockNote(ctx: AppContext, actor: Actor, body: StockNoteBody) {
  return ctx.db.transaction(async (tx) => {
    if (!(await isStockManagementEnabled(tx))) throw conflict(M.disabled);
    const [product] = await tx
      .select({ id: products.id, name: products.name, sku: products.sku })
      .from(products)
      .where(and(eq(products.id, body.product_id), isNull(products.deletedAt)));
    if (!product) throw notFound(M.productNotFound);
    let sku = product.sku;
    if (body.variant_id !== null) {
      const [variant] = await tx
        .select({ sku: productStocks.sku })
        .from(productStocks)
        .where(and(eq(productStocks.id, body.variant_id), eq(productStocks.productId, product.id)));
      if (!variant) throw fieldError('variant_id', M.variantNotFound);
      sku = variant.sku ?? sku;
    }
    const [note] = await tx
      .insert(stockNotes)
      .values({ productId: product.id, variantId: body.variant_id, note: body.note, userId: actor.userId })
      .returning();
    return {
      id: note!.id,
      product_id: product.id,
      variant_id: note!.variantId,
      note: note!.note,
      product_name: product.name,
      sku,
      user_id: actor.userId,
      created_at: note!.createdAt.toISOString(),
    };
  });
}
