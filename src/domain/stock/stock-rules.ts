/** spec 2 §3 Stock movement: movement_type. */
export const MOVEMENT_TYPES = ['increase', 'decrease', 'adjustment'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

/** spec 2 §9: order-level stock reasons. */
export const ORDER_STOCK_REASONS = [
  'manual_update',
  'order_deduction',
  'order_cancellation',
  'rental_deduction',
  'rental_return',
  'stock_adjustment',
  'initial_stock',
] as const;

/** spec 2 §9: product-history reasons. */
export const PRODUCT_STOCK_REASONS = [
  'manual_update',
  'order_sale',
  'order_refund',
  'stock_adjustment',
  'inventory_count',
  'damaged_goods',
  'expired_goods',
  'supplier_return',
  'customer_return',
  'transfer_in',
  'transfer_out',
  'production_use',
  'promotional_use',
  'theft_loss',
  'other',
] as const;

/** Every reason a movement may carry: both lists of spec 2 §9. */
export const STOCK_REASONS = [...new Set([...ORDER_STOCK_REASONS, ...PRODUCT_STOCK_REASONS])] as [
  StockReason,
  ...StockReason[],
];
export type StockReason = (typeof ORDER_STOCK_REASONS)[number] | (typeof PRODUCT_STOCK_REASONS)[number];

/** What a deduction or return refers to (spec 1 §4 orders, spec 3 rental bookings). */
export const STOCK_REFERENCE_TYPES = ['order', 'booking'] as const;
export type StockReferenceType = (typeof STOCK_REFERENCE_TYPES)[number];

/** A stock count set to a new value: up is an increase, down a decrease, unchanged an adjustment (a count that confirmed the stock). */
export function movementTypeFor(before: number, after: number): MovementType {
  if (after > before) return 'increase';
  if (after < before) return 'decrease';
  return 'adjustment';
}

/** spec 2 §5 Stock update: a new quantity is a whole number of 0 or more. */
export function isValidStockQuantity(value: number): boolean {
  return Number.isInteger(value) && value >= 0;
}

/** Where stock of one item sits: a store location, or `null` for stock not placed at any location. */
export type StockHolding = { locationId: number | null; quantity: number };
export type StockTake = { locationId: number | null; quantity: number };

/**
 * Which holdings a deduction takes from (pure; the service calls it under the product's row lock).
 * From one location when one is named; otherwise stock held at no location first, then the
 * locations in the order given (by id). Answers null when the holdings cannot cover the quantity.
 */
export function planDeduction(
  holdings: readonly StockHolding[],
  quantity: number,
  from?: number | null,
): StockTake[] | null {
  const candidates =
    from == null
      ? [...holdings.filter((h) => h.locationId === null), ...holdings.filter((h) => h.locationId !== null)]
      : holdings.filter((h) => h.locationId === from);
  const takes: StockTake[] = [];
  let left = quantity;
  for (const holding of candidates) {
    if (left === 0) break;
    const take = Math.min(left, Math.max(0, holding.quantity));
    if (take > 0) takes.push({ locationId: holding.locationId, quantity: take });
    left -= take;
  }
  return left === 0 ? takes : null;
}
