import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasAtMostDecimals, parseNumberText } from './number-text';

describe('numbers typed into forms and queries', () => {
  it.each([
    ['12', 12],
    [' 12 ', 12],
    ['0', 0],
    ['-3', -3],
    ['12.50', 12.5],
    ['.5', 0.5],
    ['7.', 7],
    ['007', 7],
  ])('reads %j as %j', (text, expected) => {
    expect(parseNumberText(text)).toBe(expected);
  });

  it.each([
    '0x10',
    '0b1',
    '0o7',
    '1e3',
    '1E3',
    'Infinity',
    '-Infinity',
    'NaN',
    '12abc',
    '1,5',
    '+5',
    '1 2',
    '--1',
    '.',
    '-',
  ])('refuses %j (NaN, so the field says its message)', (text) => {
    expect(parseNumberText(text)).toBeNaN();
  });

  it('treats blank text as missing and leaves other values to the schema', () => {
    expect(parseNumberText('')).toBeUndefined();
    expect(parseNumberText('   ')).toBeUndefined();
    expect(parseNumberText(5)).toBe(5);
    expect(parseNumberText(null)).toBeNull();
    expect(parseNumberText(true)).toBe(true);
  });

  it.each([
    [12, 2, true],
    [12.3, 2, true],
    [12.34, 2, true],
    [12.345, 2, false],
    [0.1 + 0.2, 2, false],
    [9_999_999_999.99, 2, true],
    [1e-7, 2, false],
    [5.5, 0, false],
    [Number.NaN, 2, false],
    [Number.POSITIVE_INFINITY, 2, false],
  ])('%d has at most %d decimals: %s', (value, places, expected) => {
    expect(hasAtMostDecimals(value, places)).toBe(expected);
  });

  it('reads every whole number and every amount with two decimals back exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 99 }),
        (whole, cents) => {
          const text = `${whole}.${String(cents).padStart(2, '0')}`;
          const parsed = parseNumberText(text) as number;
          expect(parsed).toBe(Number(text));
          expect(hasAtMostDecimals(parsed, 2)).toBe(true);
          expect(parseNumberText(String(whole))).toBe(whole);
        },
      ),
    );
  });

  it('never lets a third decimal through', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 9 }), (base, third) => {
        const value = parseNumberText(
          `${Math.floor(base / 100)}.${String(base % 100).padStart(2, '0')}${third}`,
        );
        expect(hasAtMostDecimals(value as number, 2)).toBe(false);
      }),
    );
  });
});
