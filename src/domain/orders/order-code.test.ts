import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasItemChanges, itemChanges } from './order-changes';
import { ORDER_CODE_ALPHABET, ORDER_CODE_PATTERN, orderCode } from './order-code';

describe('order codes ORD-YYMMDD-XXXX (docs/decisions/0030)', () => {
  it.each([
    ['2026-11-23T10:00:00Z', [0, 1, 2, 3], 'ORD-261123-2345'],
    ['2030-01-05T23:59:59Z', [30, 31, 62, 255], 'ORD-300105-Z229'],
  ])('%s with %j → %s', (iso, bytes, code) => {
    expect(orderCode(new Date(iso), bytes)).toBe(code);
  });

  it('never uses look-alike characters and always matches the pattern', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 4, maxLength: 4 }),
        fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2099-12-31') }),
        (bytes, day) => {
          const code = orderCode(day, bytes);
          expect(code).toMatch(ORDER_CODE_PATTERN);
          expect(code.slice(-4)).not.toMatch(/[01OIL]/);
        },
      ),
    );
    expect(ORDER_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('refuses fewer than 4 random bytes', () => {
    expect(() => orderCode(new Date(), [1, 2])).toThrow(RangeError);
  });
});

describe('item changes', () => {
  const line = (productId: number, quantity: number, price = 1000, variantId: number | null = null) => ({
    productId,
    variantId,
    name: `P${productId}`,
    quantity,
    price,
    discount: 0,
  });

  it('reports added, removed and changed lines', () => {
    const changes = itemChanges([line(1, 1), line(2, 2)], [line(1, 3), line(3, 1)]);
    expect(changes).toEqual({ added: ['1 × P3'], removed: ['2 × P2'], changed: ['1 × P1 → 3 × P1'] });
    expect(hasItemChanges(changes)).toBe(true);
  });

  it('sees no change when the same lines come back', () => {
    expect(
      hasItemChanges(itemChanges([line(1, 1), line(2, 2, 500, 7)], [line(2, 2, 500, 7), line(1, 1)])),
    ).toBe(false);
  });

  it('a price or variant change is a change', () => {
    expect(hasItemChanges(itemChanges([line(1, 1, 1000)], [line(1, 1, 900)]))).toBe(true);
    expect(hasItemChanges(itemChanges([line(1, 1, 1000, 4)], [line(1, 1, 1000, 5)]))).toBe(true);
  });
});
