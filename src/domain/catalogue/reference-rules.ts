/** Rules of the catalogue's reference data: categories, colours and VAT rates (spec 2 §3, §5, §9). */

/** spec 2 §9 "Category depth 2": a top category and its children. */
export const CATEGORY_DEPTH = 2;

export type CategoryParentProblem = 'self' | 'not_top' | 'has_children';

/**
 * Why a category may not sit under `parent`, or null when it may. A parent must be a top
 * category, never the category itself, and a category that has children stays at the top, so the
 * tree never grows a third level.
 */
export function categoryParentProblem(
  category: { id: number | null; childrenCount: number },
  parent: { id: number; parentId: number | null } | null,
): CategoryParentProblem | null {
  if (!parent) return null;
  if (category.id !== null && parent.id === category.id) return 'self';
  if (parent.parentId !== null) return 'not_top';
  if (category.childrenCount > 0) return 'has_children';
  return null;
}

/** A colour code as colour inputs write it: "#" and six hex digits. */
export const COLOR_CODE_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** Stored lower-case, so "#FF0000" and "#ff0000" are the same colour. */
export function normalizeColorCode(code: string): string {
  return code.trim().toLowerCase();
}

/** spec 2 §3 VAT info type. */
export const VAT_TYPES = ['percentage', 'fixed', 'exempt', 'zero'] as const;
export type VatType = (typeof VAT_TYPES)[number];

/** The rate column is numeric(14,4). */
export const VAT_RATE_DECIMALS = 4;
/** A fixed VAT is an amount per unit; anything above this is a typing mistake. */
export const FIXED_VAT_MAX = 1_000_000;

/**
 * spec 2 §9: a percentage rate is a percent of the price; fixed VAT is the rate times the
 * quantity (an amount per unit); exempt and zero-rated items carry no VAT, so they have no rate.
 */
export function vatTypeHasRate(type: VatType): boolean {
  return type === 'percentage' || type === 'fixed';
}

export type VatRateProblem = 'required' | 'percentage_range' | 'fixed_range' | 'decimals';

function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Why a rate does not fit its type, or null. Exempt and zero take any rate: it is stored as 0. */
export function vatRateProblem(type: VatType, rate: number | null | undefined): VatRateProblem | null {
  if (!vatTypeHasRate(type)) return null;
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return 'required';
  if (type === 'percentage' && (rate < 0 || rate > 100)) return 'percentage_range';
  if (type === 'fixed' && (rate < 0 || rate > FIXED_VAT_MAX)) return 'fixed_range';
  if (!hasAtMostDecimals(rate, VAT_RATE_DECIMALS)) return 'decimals';
  return null;
}

/** The rate a VAT row keeps: its own for percentage and fixed, 0 for exempt and zero. */
export function storedVatRate(type: VatType, rate: number | null | undefined): number {
  return vatTypeHasRate(type) ? (rate ?? 0) : 0;
}
