import type {
  CityReply,
  CountryReply,
  ShippingMethodReply,
  ShippingZoneReply,
  StateReply,
} from '../../../contracts/shipping';
import { fromDecimal, toDecimal } from '../../../domain/money/money';
import type { CityRow, CountryRow, ShippingMethodRow, ShippingZoneRow, StateRow } from './shipping.queries';

const amount = (value: string) => toDecimal(fromDecimal(value));
const amountOrNull = (value: string | null) => (value === null ? null : amount(value));
const flag = (status: number): 0 | 1 => (status === 1 ? 1 : 0);

export function presentCountry(row: CountryRow): CountryReply {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    zone_id: row.zoneId,
    status: flag(row.status),
    states_count: row.statesCount,
  };
}

export function presentState(row: StateRow): StateReply {
  return {
    id: row.id,
    name: row.name,
    country_id: row.countryId,
    country_name: row.countryName,
    status: flag(row.status),
    cities_count: row.citiesCount,
  };
}

export function presentCity(row: CityRow): CityReply {
  return {
    id: row.id,
    name: row.name,
    state_id: row.stateId,
    state_name: row.stateName,
    country_id: row.countryId,
    cost: amount(row.cost),
    status: flag(row.status),
  };
}

export function presentShippingMethod(row: ShippingMethodRow): ShippingMethodReply {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: amount(row.price),
    enabled: row.enabled,
    min_order_amount: amountOrNull(row.minOrderAmount),
    max_order_amount: amountOrNull(row.maxOrderAmount),
    estimated_days_min: row.estimatedDaysMin,
    estimated_days_max: row.estimatedDaysMax,
    price_per_kg: amount(row.pricePerKg),
    zones_count: row.zonesCount,
  };
}

export function presentShippingZone(row: ShippingZoneRow): ShippingZoneReply {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    countries: row.countries,
    states: row.states.map((s) => ({ id: s.id, name: s.name, country_id: s.countryId })),
    shipping_rates: row.rates.map((r) => ({
      method_id: r.methodId,
      method_name: r.methodName,
      rate: amount(r.rate),
    })),
  };
}
