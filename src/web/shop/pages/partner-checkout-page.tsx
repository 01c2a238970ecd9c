import type { PartnerCheckoutProps } from '../../../contracts/credit';

export function PartnerCheckoutPage(_: PartnerCheckoutProps & { orderingOpen: boolean }) {
  return null;
}
