import type { IsoDate } from '../dates/date-format';
import { type Cents, cents } from '../money/money';
import { type Buyer, type OwnDiscount, type PricedUnit, type PricingRule, unitPrice } from './discounts';

/**
 * The one answer to "what does this cost" for a catalogue item (a product, or one of its variants):
 * orders, rentals, the cart and checkout call this, never their own copy (issue 3).
 */
export type CatalogueItem = {
  productId: number;
  categoryIds: readonly number[];
  price: Cents;
  ownDiscount: OwnDiscount | null;
};

export type PricingContext = { rules: readonly PricingRule[]; buyer: Buyer; today: IsoDate };

/** A variable product is priced by its variant; a simple one by its own price. */
export function priceItem(
  item: CatalogueItem,
  variant: { price: Cents } | null,
  quantity: number,
  context: PricingContext,
): PricedUnit {
  return unitPrice({
    target: { productId: item.productId, categoryIds: item.categoryIds, quantity },
    basePrice: variant ? variant.price : item.price,
    ownDiscount: item.ownDiscount,
    rules: context.rules,
    buyer: context.buyer,
    today: context.today,
  });
}

/** spec 1 §3: min and max variant price and whether they differ. */
export function priceRange(prices: readonly Cents[]): { min: Cents; max: Cents; hasRange: boolean } | null {
  if (prices.length === 0) return null;
  const min = cents(Math.min(...prices));
  const max = cents(Math.max(...prices));
  return { min, max, hasRange: min !== max };
}
