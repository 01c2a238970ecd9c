import type { Cents } from '../../../domain/money/money';
import { toDecimalText } from '../../../domain/money/money';
import { orderTotals } from '../../../domain/pricing/totals';
import type { VatSettings } from '../../../domain/pricing/vat';
import type { Tx } from '../../platform/db/database';
import {
  loadShopProducts,
  type SellableProduct,
  type ShopUnitPrice,
  type ShopVariant,
  shopUnitPrice,
} from '../catalogue';
import type { CartReader } from './cart.queries';
import { type CartLineRow, type CartOwner, lockCartLines } from './cart-owner';

/** A cart line the buyer may still buy, priced for them now; `name` names its variant too. */
export type BuyableLine = {
  line: CartLineRow;
  product: SellableProduct;
  variant: ShopVariant | null;
  unit: ShopUnitPrice;
  name: string;
};

/**
 * Both checkouts' start: the owner's cart under its lock, and the lines the buyer may still buy,
 * priced by the engine for them now. Lines they may no longer buy (hidden, deleted, a variant gone)
 * are left out, as the cart shows them (docs/decisions/0050); the caller refuses an empty result.
 */
export async function lockBuyableLines(
  tx: Tx,
  owner: CartOwner,
  reader: CartReader,
): Promise<{ cartId: number | null; buyable: BuyableLine[] }> {
  const { cartId, lines } = await lockCartLines(tx, owner);
  const sellable = await loadShopProducts(
    tx,
    lines.map((l) => l.productId),
    reader,
  );
  const buyable = lines.flatMap((line) => {
    const product = sellable.get(line.productId);
    const variant =
      line.productStockId === null ? null : (product?.variants.get(line.productStockId) ?? null);
    if (!product || (line.productStockId !== null && !variant)) return [];
    if (product.isVariable && !variant) return [];
    const unit = shopUnitPrice(product, line.productStockId, line.quantity, reader.pricing);
    const name = variant ? `${product.name} (${variant.label})` : product.name;
    return [{ line, product, variant, unit, name }];
  });
  return { cartId, buyable };
}

/** The lines' totals at their engine prices, with `shipping` and no order-wide discount. */
export function buyableTotals(buyable: readonly BuyableLine[], shipping: Cents, vat: VatSettings) {
  return orderTotals(
    buyable.map((b) => ({
      unitPrice: b.unit.final,
      quantity: b.line.quantity,
      discountPercent: 0,
      vat: b.product.vat,
    })),
    { shipping, globalDiscountPercent: 0, vat },
  );
}

/**
 * What an order placed from the cart takes from its lines: the order form's items, each at the
 * engine's price, which the order records, no global discount, the grand total, and the rules that
 * priced the lines, whose uses the order records (decision 0039).
 */
export function cartOrderOf(buyable: readonly BuyableLine[], grandTotal: Cents) {
  return {
    fields: {
      order_items_json: buyable.map((b) => ({
        product_id: b.product.id,
        product_stock_id: b.variant?.id ?? null,
        quantity: b.line.quantity,
        price: toDecimalText(b.unit.final),
        discount: 0,
      })),
      global_discount: 0,
      grand_total: toDecimalText(grandTotal),
    },
    ruleUses: buyable.flatMap((b) => b.unit.ruleId ?? []),
  };
}
