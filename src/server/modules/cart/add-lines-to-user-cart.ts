import { and, eq, sql } from 'drizzle-orm';
import { MAX_LINE_QUANTITY } from '../../../domain/cart/cart-rules';
import type { Tx } from '../../platform/db/database';
import { cartItems, carts } from './cart.tables';

export type CartLineInput = { productId: number; productStockId: number | null; quantity: number };

/**
 * Puts lines into a signed-in user's cart inside the caller's transaction (modify order, spec 3 §4):
 * the cart is made when missing and locked; a line already there grows by the quantity, up to the
 * line limit. Prices are never stored: the cart prices its lines when read (docs/decisions/0050).
 * Answers how many units were put in.
 */
export async function addLinesToUserCart(
  tx: Tx,
  userId: number,
  lines: readonly CartLineInput[],
  now: Date,
): Promise<number> {
  await tx.insert(carts).values({ userId, updatedAt: now }).onConflictDoNothing();
  const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for('update');
  const cartId = cart!.id;
  await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
  let units = 0;
  for (const line of lines) {
    const [existing] = await tx
      .select({ id: cartItems.id, quantity: cartItems.quantity })
      .from(cartItems)
      .where(
        and(
          eq(cartItems.cartId, cartId),
          eq(cartItems.productId, line.productId),
          sql`coalesce(${cartItems.productStockId}, 0) = ${line.productStockId ?? 0}`,
        ),
      );
    const quantity = Math.min(MAX_LINE_QUANTITY, (existing?.quantity ?? 0) + line.quantity);
    units += quantity - (existing?.quantity ?? 0);
    if (existing) await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, existing.id));
    else
      await tx
        .insert(cartItems)
        .values({ cartId, productId: line.productId, productStockId: line.productStockId, quantity });
  }
  return units;
}
