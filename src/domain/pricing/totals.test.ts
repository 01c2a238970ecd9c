import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money/money';
import { type LineInput, orderTotals, priceLine } from './totals';
import { lineVat, type VatInfo, type VatSettings } from './vat';

const exclusive: VatSettings = { enabled: true, method: 'exclusive' };
const inclusive: VatSettings = { enabled: true, method: 'inclusive' };
const off: VatSettings = { enabled: false, method: 'exclusive' };
const vat15: VatInfo = { type: 'percentage', rate: 15 };

describe('lineVat (spec 1 §9 formulas)', () => {
  it.each<[string, number, number, VatInfo | null, VatSettings, number]>([
    ['exclusive 15 % of 100.00', 10000, 1, vat15, exclusive, 1500],
    ['inclusive 15 % in 115.00', 11500, 1, vat15, inclusive, 1500],
    ['inclusive 15 % in 100.00 (13.043…)', 10000, 1, vat15, inclusive, 1304],
    ['exclusive 12.5 % of 0.99 (0.12375)', 99, 1, { type: 'percentage', rate: 12.5 }, exclusive, 12],
    ['fixed 0.50 × 3', 3000, 3, { type: 'fixed', perUnit: cents(50) }, exclusive, 150],
    ['exempt', 10000, 1, { type: 'exempt' }, exclusive, 0],
    ['zero-rated', 10000, 1, { type: 'zero' }, exclusive, 0],
    ['no VAT rate', 10000, 1, null, exclusive, 0],
    ['VAT system off', 10000, 1, vat15, off, 0],
  ])('%s → %i', (_name, amount, quantity, vat, settings, expected) => {
    expect(lineVat(cents(amount), quantity, vat, settings)).toBe(expected);
  });
});

describe('priceLine', () => {
  it('takes the item discount percent off price × quantity, then adds exclusive VAT', () => {
    expect(
      priceLine({ unitPrice: cents(1999), quantity: 3, discountPercent: 10, vat: vat15 }, exclusive),
    ).toEqual({
      amount: 5397, // 59.97 − 5.997 = 53.973
      vat: 810, // 8.0955
      total: 6207,
    });
  });

  it('never changes the gross with inclusive VAT', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e7 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (price, quantity, discount, rate) => {
          const line = priceLine(
            {
              unitPrice: cents(price),
              quantity,
              discountPercent: discount,
              vat: { type: 'percentage', rate },
            },
            inclusive,
          );
          expect(line.total).toBe(line.amount);
          expect(line.vat).toBeGreaterThanOrEqual(0);
          expect(line.vat).toBeLessThanOrEqual(line.amount);
        },
      ),
    );
  });
});

const lineArb = fc.record({
  unitPrice: fc.integer({ min: 0, max: 1e7 }).map((n) => cents(n)),
  quantity: fc.integer({ min: 1, max: 100 }),
  discountPercent: fc.integer({ min: 0, max: 100 }),
  vat: fc.constantFrom<VatInfo | null>(
    null,
    vat15,
    { type: 'fixed', perUnit: cents(25) },
    { type: 'exempt' },
  ),
});

describe('orderTotals (DECISIONS 7)', () => {
  it('adds items, exclusive VAT and shipping, then takes the global discount off the whole sum', () => {
    const lines: LineInput[] = [
      { unitPrice: cents(10000), quantity: 2, discountPercent: 0, vat: vat15 },
      { unitPrice: cents(5000), quantity: 1, discountPercent: 10, vat: null },
    ];
    const totals = orderTotals(lines, { shipping: cents(1500), globalDiscountPercent: 10, vat: exclusive });
    expect(totals).toMatchObject({
      itemsAmount: 24500,
      vat: 3000,
      addedVat: 3000,
      shipping: 1500,
      subtotal: 29000,
      globalDiscount: 2900,
      grandTotal: 26100,
    });
  });

  it('leaves inclusive VAT inside the items', () => {
    const totals = orderTotals([{ unitPrice: cents(11500), quantity: 1, discountPercent: 0, vat: vat15 }], {
      shipping: cents(0),
      globalDiscountPercent: 0,
      vat: inclusive,
    });
    expect(totals).toMatchObject({ itemsAmount: 11500, vat: 1500, addedVat: 0, grandTotal: 11500 });
  });

  it('is the same whatever the order of the items', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom(exclusive, inclusive, off),
        (lines, shipping, discount, settings) => {
          const options = { shipping: cents(shipping), globalDiscountPercent: discount, vat: settings };
          const forward = orderTotals(lines, options);
          const backward = orderTotals([...lines].reverse(), options);
          expect(backward.grandTotal).toBe(forward.grandTotal);
          expect(backward.vat).toBe(forward.vat);
        },
      ),
    );
  });

  it('never goes below 0, and 0 % or 100 % global discount behave', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 6 }),
        fc.integer({ min: 0, max: 1e6 }),
        (lines, shipping) => {
          const none = orderTotals(lines, {
            shipping: cents(shipping),
            globalDiscountPercent: 0,
            vat: exclusive,
          });
          const all = orderTotals(lines, {
            shipping: cents(shipping),
            globalDiscountPercent: 100,
            vat: exclusive,
          });
          expect(none.grandTotal).toBe(none.subtotal);
          expect(all.grandTotal).toBe(0);
          expect(none.grandTotal).toBeGreaterThanOrEqual(0);
          expect(none.subtotal).toBe(none.itemsAmount + none.addedVat + none.shipping);
        },
      ),
    );
  });
});
