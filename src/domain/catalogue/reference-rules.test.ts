import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COLOR_CODE_PATTERN,
  categoryParentProblem,
  normalizeColorCode,
  storedVatRate,
  VAT_TYPES,
  vatRateProblem,
  vatTypeHasRate,
} from './reference-rules';

describe('categoryParentProblem (spec 2 §9 category depth 2)', () => {
  it.each([
    ['a new top category', { id: null, childrenCount: 0 }, null, null],
    ['a new child of a top category', { id: null, childrenCount: 0 }, { id: 1, parentId: null }, null],
    ['a child moved to another top category', { id: 5, childrenCount: 0 }, { id: 2, parentId: null }, null],
    ['under a child (third level)', { id: null, childrenCount: 0 }, { id: 3, parentId: 1 }, 'not_top'],
    ['under itself', { id: 4, childrenCount: 0 }, { id: 4, parentId: null }, 'self'],
    [
      'a parent with children moved under another',
      { id: 1, childrenCount: 2 },
      { id: 2, parentId: null },
      'has_children',
    ],
    ['a parent with children kept at the top', { id: 1, childrenCount: 2 }, null, null],
  ] as const)('%s', (_label, category, parent, expected) => {
    expect(categoryParentProblem(category, parent)).toBe(expected);
  });
});

describe('colour codes', () => {
  it.each([
    ['#ff0000', true],
    ['#FF00aa', true],
    ['#fff', false],
    ['ff0000', false],
    ['#gg0000', false],
    ['#ff00000', false],
    ['red', false],
  ])('%s → %s', (code, ok) => {
    expect(COLOR_CODE_PATTERN.test(code)).toBe(ok);
  });

  it('stores codes lower-case', () => {
    expect(normalizeColorCode(' #AbCdEf ')).toBe('#abcdef');
  });
});

describe('vatRateProblem (spec 2 §3, §9)', () => {
  it.each([
    ['percentage', 15, null],
    ['percentage', 0, null],
    ['percentage', 100, null],
    ['percentage', 12.3456, null],
    ['percentage', 100.0001, 'percentage_range'],
    ['percentage', -1, 'percentage_range'],
    ['percentage', 12.34567, 'decimals'],
    ['percentage', null, 'required'],
    ['percentage', undefined, 'required'],
    ['percentage', Number.NaN, 'required'],
    ['fixed', 0.5, null],
    ['fixed', 0, null],
    ['fixed', 250, null],
    ['fixed', -0.01, 'fixed_range'],
    ['fixed', 1_000_001, 'fixed_range'],
    ['fixed', null, 'required'],
    ['exempt', null, null],
    ['exempt', 20, null],
    ['zero', undefined, null],
    ['zero', -5, null],
  ] as const)('%s %s → %s', (type, rate, expected) => {
    expect(vatRateProblem(type, rate)).toBe(expected);
  });

  it.each([
    ['percentage', 15, 15],
    ['fixed', 0.5, 0.5],
    ['exempt', 20, 0],
    ['zero', 7, 0],
    ['zero', null, 0],
  ] as const)('stores %s %s as %s', (type, rate, stored) => {
    expect(storedVatRate(type, rate)).toBe(stored);
  });

  it('accepts every percentage from 0 to 100 with up to four decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (tenThousandths) => {
        expect(vatRateProblem('percentage', tenThousandths / 10_000)).toBeNull();
      }),
    );
  });

  it('never keeps a rate for a type without one, and keeps any valid rate of a type with one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VAT_TYPES),
        fc.integer({ min: 0, max: 1_000_000 }),
        (type, tenThousandths) => {
          const rate = tenThousandths / 10_000;
          expect(storedVatRate(type, rate)).toBe(vatTypeHasRate(type) ? rate : 0);
        },
      ),
    );
  });
});
