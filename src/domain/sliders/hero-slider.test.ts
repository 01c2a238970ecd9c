import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextSlide, previousSlide } from './hero-slider';

describe('hero slider loop', () => {
  it.each([
    [0, 3, 1],
    [1, 3, 2],
    [2, 3, 0],
    [0, 1, 0],
    [0, 0, 0],
  ])('next of %i among %i is %i', (index, count, expected) => {
    expect(nextSlide(index, count)).toBe(expected);
  });

  it.each([
    [0, 3, 2],
    [2, 3, 1],
    [0, 1, 0],
    [0, 0, 0],
  ])('previous of %i among %i is %i', (index, count, expected) => {
    expect(previousSlide(index, count)).toBe(expected);
  });

  it('previous undoes next and stays in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.nat(), (count, raw) => {
        const index = raw % count;
        const after = nextSlide(index, count);
        expect(after).toBeGreaterThanOrEqual(0);
        expect(after).toBeLessThan(count);
        expect(previousSlide(after, count)).toBe(index);
      }),
    );
  });
});
