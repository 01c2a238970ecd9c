import { type Cents, cents, roundHalfUp } from '../money/money';

/**
 * VAT (spec 1 §9, spec 2 §9): a percentage rate applied inclusively (amount × rate / (100 + rate))
 * or exclusively (amount × rate / 100); fixed VAT is the rate (an amount per unit) times the
 * quantity; exempt and zero-rated carry none; none at all when the VAT system is off.
 */
export const VAT_TYPES = ['percentage', 'fixed', 'exempt', 'zero'] as const;
export type VatType = (typeof VAT_TYPES)[number];
export type VatMethod = 'inclusive' | 'exclusive';

export type VatInfo =
  | { type: 'percentage'; rate: number }
  | { type: 'fixed'; perUnit: Cents }
  | { type: 'exempt' }
  | { type: 'zero' };

export type VatSettings = { enabled: boolean; method: VatMethod };

/** The VAT in a line amount (price × quantity after discounts), rounded half-up to cents. */
export function lineVat(amount: Cents, quantity: number, vat: VatInfo | null, settings: VatSettings): Cents {
  if (!settings.enabled || !vat) return cents(0);
  switch (vat.type) {
    case 'percentage':
      if (vat.rate <= 0) return cents(0);
      return cents(
        roundHalfUp(
          settings.method === 'inclusive'
            ? (amount * vat.rate) / (100 + vat.rate)
            : (amount * vat.rate) / 100,
        ),
      );
    case 'fixed':
      // Inclusive prices hold the fixed VAT, which can never be more than the amount itself.
      return cents(
        settings.method === 'inclusive'
          ? Math.min(vat.perUnit * quantity, Math.max(amount, 0))
          : vat.perUnit * quantity,
      );
    case 'exempt':
    case 'zero':
      return cents(0);
  }
}

/** Whether the line's VAT is added on top of its amount (exclusive) or already inside it. */
export function vatIsAdded(vat: VatInfo | null, settings: VatSettings): boolean {
  if (!settings.enabled || !vat) return false;
  return settings.method === 'exclusive' && (vat.type === 'percentage' || vat.type === 'fixed');
}
