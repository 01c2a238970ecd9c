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

/** A movement a take writes: where, and the item's total before and after it. */
export type TakeMovement = { locationId: number | null; before: number; after: number; type: MovementType };

/**
 * The movements a deduction's takes write, one per take in plan order: each moves the item's total
 * down from where the one before left it (spec 2 §9: quantity before and after per movement).
 */
export function takeMovements(total: number, takes: readonly StockTake[]): TakeMovement[] {
  let before = total;
  return takes.map((take) => {
    const after = before - take.quantity;
    const movement = { locationId: take.locationId, before, after, type: movementTypeFor(before, after) };
    before = after;
    return movement;
  });
}

/** How screens and exports name a reason or movement type: "damaged_goods" → "Damaged goods". */
export function stockWordLabel(word: string): string {
  const text = word.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export type StockAlertKind = 'low_stock' | 'out_of_stock';

/**
 * Which e-mail a change of stock calls for (spec 2 §3 low_stock_email_notifications,
 * out_of_stock_notifications): out of stock when it reaches 0 from above; low when it falls to or
 * below the threshold from above it, still above 0. Only the crossing mails: a further sale of a
 * low item does not mail again, until stock is raised above the line and falls again.
 */
export function stockAlertFor(before: number, after: number, threshold: number): StockAlertKind | null {
  if (after >= before) return null;
  if (after <= 0) return before > 0 ? 'out_of_stock' : null;
  if (after <= threshold && before > threshold) return 'low_stock';
  return null;
}

/** A product's own stock (variantId null) or one of its variants'; productId null: a product since deleted. */
export type StockKey = { productId: number | null; variantId: number | null };

/** One text per stock item, to group or look up lines, deductions and bookings by the item they take from. */
export const stockKeyText = (key: StockKey): string => `${key.productId ?? '-'}:${key.variantId ?? '-'}`;

/**
 * The quantity per product and variant of an order's or booking's lines (the stock service holds
 * one deduction per item and reference), lines without a product left out, in the service's lock
 * order: by product id, then variant id. Two orders taking the same two products one after the
 * other lock them in the same order, so neither waits for a row the other holds (a deadlock).
 */
export function stockQuantities(
  lines: readonly { productId: number | null; variantId: number | null; quantity: number }[],
): { productId: number; variantId: number | null; quantity: number }[] {
  const byItem = new Map<string, { productId: number; variantId: number | null; quantity: number }>();
  for (const line of lines) {
    if (line.productId === null) continue;
    const key = stockKeyText(line);
    const entry = byItem.get(key);
    if (entry) entry.quantity += line.quantity;
    else byItem.set(key, { productId: line.productId, variantId: line.variantId, quantity: line.quantity });
  }
  return [...byItem.values()].sort(
    (a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0),
  );
}
