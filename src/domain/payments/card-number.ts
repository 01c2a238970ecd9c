/** spec 3 §5, §9: a card number is 16 digits, typed and shown grouped in fours. */
export const CARD_NUMBER_LENGTH = 16;

/** What the card field keeps of what was typed or pasted: digits only, at most 16. */
export function cardDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, CARD_NUMBER_LENGTH);
}

/** The digits grouped in fours with spaces ("4242 4242 4242 4242"), as the field shows them. */
export function groupCardNumber(input: string): string {
  return cardDigits(input).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Luhn (mod 10) check every card number passes (DECISIONS 19). */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A complete card number: 16 digits that pass the Luhn check. */
export function isCardNumber(input: string): boolean {
  const digits = input.replace(/\s/g, '');
  return /^\d{16}$/.test(digits) && isLuhnValid(digits);
}

export type CardBrand = 'Visa' | 'Mastercard' | 'Card';

/** The brand the shop may keep (with the last 4 digits), from the number's leading digits. */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'Visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'Mastercard';
  return 'Card';
}

/** The card sandbox's documented test numbers (README): one always approved, one always declined. */
export const SANDBOX_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
} as const;
