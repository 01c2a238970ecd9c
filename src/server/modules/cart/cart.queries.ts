import { eq, sql } from 'drizzle-orm';
import type { CartItemReply, CartReply, CartTotalsReply } from '../../../contracts/cart';
import { cents, toDecimal } from '../../../domain/money/money';
import { type LineInput, orderTotals } from '../../../domain/pricing/totals';
import type { Executor } from '../../platform/db/database';
import { readTogether } from '../../platform/db/read-together';
import type { Storage } from '../../platform/files/storage';
import { getSettings } from '../../platform/settings/settings-store';
import { loadShopProducts, type ShopPricing, shopUnitPrice } from '../catalogue';
import { cartItems } from './cart.tables';
import { type CartOwner, cartLinesStatement, findCartId } from './cart-owner';

/** Who the cart is read for: their prices, what they may see, whether stock counts. */
export type CartReader = {
  pricing: ShopPricing;
  visibleTo: string;
  storage: Pick<Storage, 'url'>;
};

/** How many units the cart holds (the header's badge, `cartCount`). */
export async function cartCount(db: Executor, cartId: number | null): Promise<number> {
  if (cartId === null) return 0;
  const [row] = await db
    .select({ n: sql<number>`cast(coalesce(sum(${cartItems.quantity}), 0) as integer)` })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId));
  return row?.n ?? 0;
}

/** How many units the owner's cart holds (the shop header's count); no cookie, no query. */
export async function ownerCartCount(db: Executor, owner: CartOwner): Promise<number> {
  if ('guestToken' in owner && owner.guestToken === null) return 0;
  return cartCount(db, await findCartId(db, owner));
}

export type PricedCart = {
  items: CartItemReply[];
  totals: CartTotalsReply;
  count: number;
};

/**
 * The cart priced now for the reader (spec 3 §3 Cart, §7 GET /api/cart): each line at the engine's
 * price for the buyer's role, VAT by the shop's settings, no shipping before checkout. A line whose
 * product the reader may no longer buy (deleted, inactive, hidden from their role) is left out.
 */
export async function priceCart(
  db: Executor,
  cartId: number | null,
  reader: CartReader,
): Promise<PricedCart> {
  const lines = cartId === null ? [] : await cartLinesStatement(db).execute({ cartId });
  const [sellable, settings] = await readTogether(db, [
    () =>
      loadShopProducts(
        db,
        lines.map((l) => l.productId),
        reader,
      ),
    () => getSettings(db, ['stock_management_enabled']),
  ]);
  const items: CartItemReply[] = [];
  const priced: LineInput[] = [];
  for (const line of lines) {
    const product = sellable.get(line.productId);
    const variant = line.productStockId === null ? null : product?.variants.get(line.productStockId);
    if (!product || (line.productStockId !== null && !variant)) continue;
    const unit = shopUnitPrice(product, line.productStockId, line.quantity, reader.pricing);
    const available = variant ? variant.qty : product.stockQuantity;
    items.push({
      id: line.id,
      product_id: product.id,
      product_stock_id: line.productStockId,
      color_id: line.colorId,
      name: product.name,
      slug: product.slug,
      variant: variant?.label ?? null,
      sku: variant?.sku ?? product.sku,
      thumbnail_url: product.thumbnailUrl,
      quantity: line.quantity,
      price: toDecimal(unit.final),
      original_price: toDecimal(unit.original),
      subtotal: toDecimal(cents(unit.final * line.quantity)),
      available_quantity: settings.stock_management_enabled ? Math.max(0, available) : null,
    });
    priced.push({ unitPrice: unit.final, quantity: line.quantity, discountPercent: 0, vat: product.vat });
  }
  const totals = orderTotals(priced, {
    shipping: cents(0),
    globalDiscountPercent: 0,
    vat: reader.pricing.vat,
  });
  return {
    items,
    totals: {
      subtotal: toDecimal(totals.itemsAmount),
      tax: toDecimal(totals.vat),
      shipping: toDecimal(totals.shipping),
      total: toDecimal(totals.grandTotal),
    },
    count: items.reduce((n, item) => n + item.quantity, 0),
  };
}

/** GET /api/cart for the owner. */
export async function readCart(db: Executor, owner: CartOwner, reader: CartReader): Promise<CartReply> {
  const cart = await priceCart(db, await findCartId(db, owner), reader);
  return { success: true, items: cart.items, ...cart.totals, count: cart.count };
}
