import { money } from '../lib/format';
import { useUiSettings } from '../lib/ui-settings';

/** An amount in the shop's currency: symbol, 2 decimals, en-GB grouping (spec 1 §9). */
export function MoneyText({ amount }: { amount: number | string | null | undefined }) {
  const { currency } = useUiSettings();
  return <>{money(amount, currency.symbol)}</>;
}
