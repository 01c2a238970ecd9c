import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortageNote, stockShortage } from './cart-rules';

describe('stockShortage', () => {
  it.each([
    // wanted, inCart, available, managed → shortage
    [1, 0, 1, true, null],
    [2, 0, 1, true, { available: 1, inCart: 0 }],
    [1, 3, 4, true, null],
    [2, 3, 4, true, { available: 4, inCart: 3 }],
    [1, 0, 0, true, { available: 0, inCart: 0 }],
    [1, 0, -2, true, { available: 0, inCart: 0 }],
    [50, 10, 0, false, null],
  ])(
    'wanting %i with %i in the cart and %i in stock (managed: %s)',
    (wanted, inCart, available, managed, expected) => {
      expect(stockShortage({ wanted, inCart, available, stockManaged: managed })).toEqual(expected);
    },
  );

  it('never lets the cart hold more than the stock while stock is managed', () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), fc.integer({ min: 1, max: 100 }), (available, inCart, wanted) => {
        const shortage = stockShortage({ wanted, inCart, available, stockManaged: true });
        expect(shortage === null).toBe(inCart + wanted <= available);
      }),
    );
  });
});

describe('shortageNote', () => {
  it('says out of stock when nothing is left, else how many are left and held', () => {
    expect(shortageNote({ available: 0, inCart: 0 })).toBe('(Out of stock)');
    expect(shortageNote({ available: 3, inCart: 2 })).toBe('(Only 3 available, 2 already in cart)');
  });
});
