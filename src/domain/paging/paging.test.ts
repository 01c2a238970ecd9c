import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageOf, pageStrip } from './paging';

describe('pageOf', () => {
  it.each([
    [[1, 2, 3], 23, 1, 10, { last_page: 3, from: 1, to: 3 }],
    [[1, 2, 3], 23, 3, 10, { last_page: 3, from: 21, to: 23 }],
    [[], 0, 1, 15, { last_page: 1, from: null, to: null }],
    [[], 5, 9, 15, { last_page: 1, from: null, to: null }],
  ])('rows %j of %i on page %i by %i', (rows, total, page, per, expected) => {
    expect(pageOf(rows, total, page, per)).toMatchObject({
      ...expected,
      total,
      current_page: page,
      per_page: per,
    });
  });
});

describe('pageStrip', () => {
  it.each([
    [1, 1, 5, [1]],
    [3, 5, 5, [1, 2, 3, 4, 5]],
    [1, 6, 5, [1, 2, 'ellipsis-end', 6]],
    [4, 10, 5, [1, 'ellipsis-start', 3, 4, 5, 'ellipsis-end', 10]],
    [2, 10, 5, [1, 2, 3, 'ellipsis-end', 10]],
    [10, 10, 5, [1, 'ellipsis-start', 9, 10]],
    [3, 10, 5, [1, 2, 3, 4, 'ellipsis-end', 10]],
    [7, 7, 7, [1, 2, 3, 4, 5, 6, 7]],
    [5, 8, 7, [1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 8]],
    [1, 0, 5, []],
  ] as const)('page %i of %i (all up to %i)', (current, last, threshold, expected) => {
    expect(pageStrip(current, last, threshold)).toEqual(expected);
  });

  it('always shows first, last and current, in order, without repeats', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 9 }),
        (a, b, t) => {
          const last = Math.max(a, b);
          const current = Math.min(a, b);
          const numbers = pageStrip(current, last, t).filter((x): x is number => typeof x === 'number');
          expect(numbers[0]).toBe(1);
          expect(numbers[numbers.length - 1]).toBe(last);
          expect(numbers).toContain(current);
          expect([...numbers].sort((x, y) => x - y)).toEqual(numbers);
          expect(new Set(numbers).size).toBe(numbers.length);
        },
      ),
    );
  });
});
