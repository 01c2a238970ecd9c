import { type Cents, cents, roundHalfUp } from '../money/money';

/**
 * Shipping cost (DECISIONS 15, spec 2 §3 Shipping, spec 3 §3 shipping calculation), shared by
 * checkout and the order form:
 *   the zone's rate for the method when the address lies in an enabled zone, else the method's
 *   own price; plus price_per_kg × cart weight; plus the city's cost; nothing at all when every
 *   item ships free. A method is offered only when enabled and the cart's subtotal lies inside its
 *   optional minimum and maximum order amounts (both inclusive).
 */
export type ShippingMethod = {
  id: number;
  price: Cents;
  pricePerKg: Cents;
  enabled: boolean;
  minOrderAmount: Cents | null;
  maxOrderAmount: Cents | null;
};

export type ShippingZone = {
  id: number;
  enabled: boolean;
  countryIds: readonly number[];
  stateIds: readonly number[];
  /** method id → the zone's rate for it; a method without an entry costs its own price here. */
  rates: ReadonlyMap<number, Cents>;
};

export type ShippingAddress = { countryId: number | null; stateId: number | null; cityCost: Cents };

export type ShippingCart = { subtotal: Cents; weightKg: number; allFreeShipping: boolean };

export type ItemsShippingFacts = Pick<ShippingCart, 'weightKg' | 'allFreeShipping'>;

/** What the items sent weigh, and whether every one ships free (none sent: not free). */
export function itemsShippingFacts(
  items: readonly { weightKg: number; quantity: number; isFreeShipping: boolean }[],
): ItemsShippingFacts {
  let weightKg = 0;
  for (const item of items) weightKg += item.weightKg * item.quantity;
  return { weightKg, allFreeShipping: items.length > 0 && items.every((i) => i.isFreeShipping) };
}

/** Whether a method may be chosen for a cart of this subtotal. */
export function isMethodAvailable(method: ShippingMethod, subtotal: Cents): boolean {
  if (!method.enabled) return false;
  if (method.minOrderAmount !== null && subtotal < method.minOrderAmount) return false;
  if (method.maxOrderAmount !== null && subtotal > method.maxOrderAmount) return false;
  return true;
}

/**
 * The enabled zone an address lies in: a zone naming the address's state is more precise than
 * one naming only its country, so it wins; among equals, the first in the list (the lowest id).
 */
export function zoneOf(zones: readonly ShippingZone[], address: ShippingAddress): ShippingZone | null {
  const enabled = zones.filter((z) => z.enabled);
  const byState =
    address.stateId === null ? undefined : enabled.find((z) => z.stateIds.includes(address.stateId!));
  if (byState) return byState;
  return (
    (address.countryId === null
      ? undefined
      : enabled.find((z) => z.countryIds.includes(address.countryId!))) ?? null
  );
}

export type ShippingQuote =
  | { available: false; cost: null }
  | { available: true; cost: Cents; base: Cents; weight: Cents; city: Cents; zoneId: number | null };

/** What shipping this cart to this address with this method costs (DECISIONS 15). */
export function shippingQuote(
  method: ShippingMethod,
  zones: readonly ShippingZone[],
  address: ShippingAddress,
  cart: ShippingCart,
): ShippingQuote {
  if (!isMethodAvailable(method, cart.subtotal)) return { available: false, cost: null };
  const zone = zoneOf(zones, address);
  if (cart.allFreeShipping) {
    return {
      available: true,
      cost: cents(0),
      base: cents(0),
      weight: cents(0),
      city: cents(0),
      zoneId: zone?.id ?? null,
    };
  }
  const base = zone?.rates.get(method.id) ?? method.price;
  const weight = cents(roundHalfUp(method.pricePerKg * Math.max(0, cart.weightKg)));
  const city = address.cityCost;
  return { available: true, cost: cents(base + weight + city), base, weight, city, zoneId: zone?.id ?? null };
}
