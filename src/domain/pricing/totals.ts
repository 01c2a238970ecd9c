import { type Cents, cents, percentOf, roundHalfUp } from '../money/money';
import { lineVat, type VatInfo, type VatSettings, vatIsAdded } from './vat';

/** One item line: a unit price (after product discounts and rules), a quantity and an item discount. */
export type LineInput = {
  unitPrice: Cents;
  quantity: number;
  /** The order item's own discount percent (spec 1 §3 Order item discount). */
  discountPercent: number;
  vat: VatInfo | null;
};

export type PricedLine = {
  /** unit price × quantity, less the item discount percent, rounded to cents. */
  amount: Cents;
  vat: Cents;
  /** What the line adds to the order: amount, plus VAT when it is added on top. */
  total: Cents;
};

export function priceLine(line: LineInput, settings: VatSettings): PricedLine {
  const gross = line.unitPrice * line.quantity;
  const percent = Math.min(Math.max(line.discountPercent, 0), 100);
  const amount = cents(roundHalfUp(gross - (gross * percent) / 100));
  const vat = lineVat(amount, line.quantity, line.vat, settings);
  const total = cents(vatIsAdded(line.vat, settings) ? amount + vat : amount);
  return { amount, vat, total };
}

export type OrderTotals = {
  itemsAmount: Cents;
  vat: Cents;
  /** VAT added on top of prices (exclusive or fixed); inclusive VAT is already in itemsAmount. */
  addedVat: Cents;
  shipping: Cents;
  subtotal: Cents;
  globalDiscount: Cents;
  grandTotal: Cents;
};

/**
 * Grand total (spec 1 §9 read literally, DECISIONS 7): items net, plus exclusive VAT, plus shipping;
 * the global discount percent is taken off that whole sum; floored at 0; rounded to cents.
 */
export function orderTotals(
  lines: readonly LineInput[],
  options: { shipping: Cents; globalDiscountPercent: number; vat: VatSettings },
): OrderTotals & { lines: PricedLine[] } {
  const priced = lines.map((line) => priceLine(line, options.vat));
  let itemsAmount = 0;
  let vat = 0;
  let addedVat = 0;
  priced.forEach((p, i) => {
    itemsAmount += p.amount;
    vat += p.vat;
    if (vatIsAdded(lines[i]!.vat, options.vat)) addedVat += p.vat;
  });
  const subtotal = cents(itemsAmount + addedVat + options.shipping);
  const percent = Math.min(Math.max(options.globalDiscountPercent, 0), 100);
  const globalDiscount = percentOf(subtotal, percent);
  return {
    lines: priced,
    itemsAmount: cents(itemsAmount),
    vat: cents(vat),
    addedVat: cents(addedVat),
    shipping: options.shipping,
    subtotal,
    globalDiscount,
    grandTotal: cents(Math.max(0, subtotal - globalDiscount)),
  };
}
