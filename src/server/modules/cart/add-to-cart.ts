import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CartAddBody, type CartAddReply, CART_MESSAGES as M } from '../../../contracts/cart';
import { MAX_LINE_QUANTITY, stockShortage } from '../../../domain/cart/cart-rules';
import { AppError, fieldError } from '../../../domain/errors';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { getSetting } from '../../platform/settings/settings-store';
import { loadShopProducts } from '../catalogue';
import { cartCount } from './cart.queries';
import { cartItems } from './cart.tables';
import { type CartOwner, lockOrCreateCart } from './cart-owner';
import { assertOrderingOpen } from './ordering-open';

/** The 422 of a line the stock cannot hold (spec 3 §7 stock_error, available_quantity, current_cart_quantity). */
export function stockError(available: number, inCart: number): AppError {
  return new AppError('validation', M.notEnoughStock, undefined, {
    success: false,
    stock_error: true,
    available_quantity: available,
    current_cart_quantity: inCart,
  });
}

/**
 * POST /cart/add (spec 3 §5, §7): adds units of a product the buyer may buy — of the chosen variant
 * for a variable product — to their cart, within the stock when stock is managed. A variable product
 * without a variant answers `redirect_to_product` with its slug, so the shop opens its page to
 * choose (spec 3 §2 "view options").
 */
export async function addToCart(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  { owner, visibleTo }: { owner: CartOwner; visibleTo: string },
  body: CartAddBody,
): Promise<CartAddReply> {
  await assertOrderingOpen(ctx.db);
  const product = (
    await loadShopProducts(ctx.db, [body.product_id], { visibleTo, storage: ctx.storage })
  ).get(body.product_id);
  if (!product) throw notFound(M.productNotFound);
  let colorId = body.color_id;
  if (product.isVariable && product.variants.size > 0) {
    if (body.product_stock_id === null) {
      throw new AppError('validation', M.selectOptions, undefined, {
        success: false,
        redirect_to_product: true,
        product_slug: product.slug,
      });
    }
    const variant = product.variants.get(body.product_stock_id);
    if (!variant) throw fieldError('product_stock_id', M.invalidCombination);
    if (colorId !== null && !variant.colorIds.includes(colorId))
      throw fieldError('color_id', M.invalidCombination);
    if (colorId === null && variant.colorIds.length > 0) {
      if (variant.colorIds.length > 1) throw fieldError('color_id', M.selectColor);
      colorId = variant.colorIds[0]!;
    }
  } else if (body.product_stock_id !== null || colorId !== null) {
    throw fieldError('product_stock_id', M.invalidCombination);
  }
  const variantId = product.isVariable ? body.product_stock_id : null;
  const available = variantId === null ? product.stockQuantity : product.variants.get(variantId)!.qty;
  const now = ctx.now();

  return ctx.db.transaction(async (tx) => {
    const cartId = await lockOrCreateCart(tx, owner, req, reply, now);
    const sameLine = and(
      eq(cartItems.cartId, cartId),
      eq(cartItems.productId, product.id),
      sql`coalesce(${cartItems.productStockId}, 0) = ${variantId ?? 0}`,
    );
    const [existing] = await tx.select().from(cartItems).where(sameLine);
    const inCart = existing?.quantity ?? 0;
    const shortage = stockShortage({
      wanted: body.quantity,
      inCart,
      available,
      stockManaged: await getSetting(tx, 'stock_management_enabled'),
    });
    if (shortage) throw stockError(shortage.available, shortage.inCart);
    if (inCart + body.quantity > MAX_LINE_QUANTITY) throw fieldError('quantity', M.quantity);
    if (existing) {
      await tx
        .update(cartItems)
        .set({ quantity: inCart + body.quantity, colorId: colorId ?? existing.colorId })
        .where(eq(cartItems.id, existing.id));
    } else {
      await tx.insert(cartItems).values({
        cartId,
        productId: product.id,
        productStockId: variantId,
        colorId,
        quantity: body.quantity,
      });
    }
    return {
      success: true,
      message: M.added,
      cartCount: await cartCount(tx, cartId),
      current_cart_quantity: inCart + body.quantity,
    };
  });
}
