/** Product rules shared by the product form and the server (spec 2 §4, §5, §6, §9). */

/** Roles a product can be shown to in the shop (spec 2 §6), "guest" for visitors. */
export const SHOP_VISIBILITY_ROLES = [
  'guest',
  'customer',
  'partner',
  'doctor',
  'patient',
  'supplier',
] as const;
export type ShopVisibilityRole = (typeof SHOP_VISIBILITY_ROLES)[number];

export const VISIBILITY_LABELS: Record<ShopVisibilityRole, string> = {
  guest: 'Guest Visitors',
  customer: 'Customer',
  partner: 'Partner',
  doctor: 'Doctor',
  patient: 'Patient',
  supplier: 'Supplier',
};

/** spec 2 §9: a new product is shown to guests. */
export const DEFAULT_SHOP_VISIBILITY: ShopVisibilityRole[] = ['guest'];
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/**
 * spec 2 §6: up to 3 names; beyond that two names plus a count of the rest. An inactive product
 * shows "Hidden" (spec 2 §4).
 */
export function visibilityLabel(roles: readonly string[], isActive = true): string {
  if (!isActive || roles.length === 0) return 'Hidden';
  const names = roles.map((r) => VISIBILITY_LABELS[r as ShopVisibilityRole] ?? r);
  if (names.length <= 3) return names.join(', ');
  return `${names.slice(0, 2).join(', ')} +${names.length - 2}`;
}

/** spec 2 §4: an inactive product has no shop visibility. */
export function visibilityFor(isActive: boolean, roles: readonly string[]): string[] {
  return isActive ? [...new Set(roles)] : [];
}

/**
 * spec 2 §4: generated variations are all combinations of the chosen attribute values, one value
 * per attribute, in the order of the attributes.
 */
export function combinations<T>(lists: readonly (readonly T[])[]): T[][] {
  const nonEmpty = lists.filter((l) => l.length > 0);
  if (nonEmpty.length === 0) return [];
  return nonEmpty.reduce<T[][]>(
    (acc, list) => acc.flatMap((combo) => list.map((value) => [...combo, value])),
    [[]],
  );
}

/**
 * spec 2 §5: the first 3 letters of the name plus the initial of each attribute value, a dash and a
 * 3-digit random number (`random` is 0–999, given by the caller so the rule stays pure).
 */
export function generatedSku(name: string, values: readonly string[], random: number): string {
  const letters = name
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();
  const initials = values
    .map((v) =>
      v
        .normalize('NFKD')
        .replace(/[^A-Za-z0-9]/g, '')
        .charAt(0)
        .toUpperCase(),
    )
    .join('');
  return `${letters || 'PRD'}${initials}-${String(Math.abs(Math.trunc(random)) % 1000).padStart(3, '0')}`;
}

/**
 * spec 2 §5: a variation price keeps only digits and one decimal point, and (issue 11) no more
 * decimals than the server takes: 2 for money, 3 for a weight.
 */
export function keepPriceCharacters(text: string, decimals = 2): string {
  const cleaned = text.replace(/[^0-9.]/g, '');
  const dot = cleaned.indexOf('.');
  if (dot === -1) return cleaned;
  return `${cleaned.slice(0, dot + 1)}${cleaned
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, decimals)}`;
}

/** spec 2 §5: a quantity keeps digits only. */
export function keepDigits(text: string): string {
  return text.replace(/\D/g, '');
}

export type StockStatus = 'in_stock' | 'low_stock' | 'out_of_stock';

/** spec 2 §4: out of stock at 0 or less, low at or below the threshold, else in stock. */
export function stockStatus(quantity: number, lowStockThreshold: number): StockStatus {
  if (quantity <= 0) return 'out_of_stock';
  if (quantity <= lowStockThreshold) return 'low_stock';
  return 'in_stock';
}

export const STOCK_STATUSES = [
  'in_stock',
  'low_stock',
  'out_of_stock',
] as const satisfies readonly StockStatus[];

/** How the back office names a stock status (lists, badges, exports). */
export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  in_stock: 'In stock',
  low_stock: 'Low stock',
  out_of_stock: 'Out of stock',
};

/** spec 2 §4 stock status of a product: a variable product holds the sum of its variants' quantities. */
export function productStockQuantity(
  product: { isVariableProduct: boolean; stockQuantity: number },
  variantQuantities: readonly number[],
): number {
  return product.isVariableProduct
    ? variantQuantities.reduce((sum, qty) => sum + qty, 0)
    : product.stockQuantity;
}

/** spec 2 §9: a draft is kept for 24 hours. */
export const DRAFT_VALID_MS = 24 * 60 * 60 * 1000;

export function isDraftFresh(savedAt: number, now: number): boolean {
  return now - savedAt >= 0 && now - savedAt < DRAFT_VALID_MS;
}
