import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardDigits,
  groupCardNumber,
  isCardNumber,
  isLuhnValid,
  SANDBOX_CARDS,
} from './card-number';

describe('card numbers (spec 3 §5, DECISIONS 19)', () => {
  it.each([
    ['4242424242424242', true],
    ['4000000000000002', true],
    ['5555555555554444', true],
    ['4242424242424241', false],
    ['1234567812345678', false],
    ['', false],
    ['4242 4242', false],
  ])('Luhn of %s is %s', (digits, valid) => {
    expect(isLuhnValid(digits)).toBe(valid);
  });

  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242 4242x4242', '4242 4242 4242 4242'],
    ['42424', '4242 4'],
    ['4242', '4242'],
    ['42424242424242429999', '4242 4242 4242 4242'],
    ['abc', ''],
  ])('groups %s as %s', (typed, shown) => {
    expect(groupCardNumber(typed)).toBe(shown);
  });

  it.each([
    ['4242424242424242', 'Visa'],
    ['5555555555554444', 'Mastercard'],
    ['2223003122003222', 'Mastercard'],
    ['6011111111111117', 'Card'],
  ])('brand of %s is %s', (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
  });

  it('documents two valid sandbox numbers', () => {
    expect(isCardNumber(SANDBOX_CARDS.approved)).toBe(true);
    expect(isCardNumber(SANDBOX_CARDS.declined)).toBe(true);
    expect(isCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isCardNumber('424242424242424')).toBe(false);
  });

  it('keeps only digits, at most 16, grouped in fours, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const digits = cardDigits(typed);
        expect(digits).toMatch(/^\d{0,16}$/);
        const grouped = groupCardNumber(typed);
        expect(grouped.replace(/ /g, '')).toBe(digits);
        expect(grouped.split(' ').every((g, i, all) => g.length === 4 || i === all.length - 1)).toBe(true);
        expect(groupCardNumber(grouped)).toBe(grouped);
      }),
    );
  });

  it('a changed digit always fails the Luhn check', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (at, delta) => {
        const digits = SANDBOX_CARDS.approved.split('').map(Number);
        digits[at] = (digits[at]! + delta) % 10;
        expect(isLuhnValid(digits.join(''))).toBe(false);
      }),
    );
  });
});
