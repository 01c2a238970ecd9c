import { and, eq, inArray } from 'drizzle-orm';
import { type CartUpdateBody, CART_MESSAGES as M } from '../../../contracts/cart';
import { MAX_LINE_QUANTITY, stockShortage } from '../../../domain/cart/cart-rules';
import type { SignInHook } from '../../platform/auth/sign-in-hook';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { getSetting } from '../../platform/settings/settings-store';
import { loadShopProducts } from '../catalogue';
import { stockError } from './add-to-cart';
import { cartItems, carts } from './cart.tables';
import { type CartOwner, cartOwnerOf, clearCartCookie, emptyCart, findCartId } from './cart-owner';

/** The owner's line, locked with its cart; another shopper's line is not found (never changed). */
async function lockLine(tx: Tx, owner: CartOwner, lineId: number) {
  const cartId = await findCartId(tx, owner);
  if (cartId === null) throw notFound(M.itemNotFound);
  await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for('update');
  const [line] = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.cartId, cartId)));
  if (!line) throw notFound(M.itemNotFound);
  return { cartId, line };
}

/** POST /cart/update (spec 3 §7): a line's new quantity, within the stock when stock is managed. */
export async function updateCartItem(
  ctx: AppContext,
  { owner, visibleTo }: { owner: CartOwner; visibleTo: string },
  body: CartUpdateBody,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const { cartId, line } = await lockLine(tx, owner, body.cart_id);
    const product = (await loadShopProducts(tx, [line.productId], { visibleTo, storage: ctx.storage })).get(
      line.productId,
    );
    const variant = line.productStockId === null ? null : product?.variants.get(line.productStockId);
    if (!product || (line.productStockId !== null && !variant)) throw notFound(M.productNotFound);
    const shortage = stockShortage({
      wanted: body.quantity,
      inCart: 0,
      available: variant ? variant.qty : product.stockQuantity,
      stockManaged: await getSetting(tx, 'stock_management_enabled'),
    });
    if (shortage) throw stockError(shortage.available, line.quantity);
    await tx.update(cartItems).set({ quantity: body.quantity }).where(eq(cartItems.id, line.id));
    await tx.update(carts).set({ updatedAt: ctx.now() }).where(eq(carts.id, cartId));
    return cartId;
  });
}

/** POST /cart/remove (spec 3 §7). */
export async function removeCartItem(ctx: AppContext, owner: CartOwner, lineId: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const { cartId, line } = await lockLine(tx, owner, lineId);
    await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    await tx.update(carts).set({ updatedAt: ctx.now() }).where(eq(carts.id, cartId));
    return cartId;
  });
}

/** POST /cart/clear (spec 3 §7): every line goes; an owner without a cart has nothing to clear. */
export async function clearCart(ctx: AppContext, owner: CartOwner): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const cartId = await findCartId(tx, owner);
    if (cartId === null) return;
    await emptyCart(tx, cartId);
  });
}

/**
 * At sign-in the guest's cart joins the user's (issue 14): lines of the same product and variant add
 * up, the others move over, and the guest cart is gone. Stock is checked again at checkout.
 */
export async function mergeGuestCart(tx: Tx, guest: CartOwner, userId: number, now: Date): Promise<void> {
  if ('userId' in guest || guest.guestToken === null) return;
  const guestId = await findCartId(tx, guest);
  if (guestId === null) return;
  const guestLines = await tx.select().from(cartItems).where(eq(cartItems.cartId, guestId));
  if (guestLines.length > 0) {
    await tx.insert(carts).values({ userId, updatedAt: now }).onConflictDoNothing();
    const [userCart] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.userId, userId))
      .for('update');
    const held = await tx
      .select()
      .from(cartItems)
      .where(
        and(
          eq(cartItems.cartId, userCart!.id),
          inArray(
            cartItems.productId,
            guestLines.map((l) => l.productId),
          ),
        ),
      );
    for (const line of guestLines) {
      const same = held.find(
        (h) => h.productId === line.productId && h.productStockId === line.productStockId,
      );
      if (same) {
        await tx
          .update(cartItems)
          .set({ quantity: Math.min(MAX_LINE_QUANTITY, same.quantity + line.quantity) })
          .where(eq(cartItems.id, same.id));
      } else {
        await tx.update(cartItems).set({ cartId: userCart!.id }).where(eq(cartItems.id, line.id));
      }
    }
  }
  await tx.delete(carts).where(eq(carts.id, guestId));
}

/** The sign-in hook (app.ts): the request's guest cart joins the user's, and its cookie goes. */
export const mergeGuestCartAtSignIn: SignInHook = async ({ tx, req, reply, userId, now }) => {
  const guest = cartOwnerOf(req, null);
  if ('userId' in guest || guest.guestToken === null) return;
  await mergeGuestCart(tx, guest, userId, now);
  clearCartCookie(reply);
};
