import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CityReply,
  CountryReply,
  LocationDataReply,
  ShippingMethodReply,
  ShippingQuoteReply,
  ShippingZoneReply,
  StateReply,
} from '../../../contracts/shipping';
import type { Paged } from '../../../domain/paging/paging';
import { http } from '../../lib/http';

type Query = Record<string, string | number | boolean | null | undefined>;
type ChangeReply<T> = { success: true; message: string; data: T };

/** Everything under one root: a change to a method shows in zones, a state in cities. */
export const shippingKeys = {
  all: ['shipping'] as const,
  methods: ['shipping', 'methods'] as const,
  zones: ['shipping', 'zones'] as const,
  locationData: ['shipping', 'location-data'] as const,
  countries: (query: Query) => ['shipping', 'countries', query] as const,
  states: (query: Query) => ['shipping', 'states', query] as const,
  cities: (query: Query) => ['shipping', 'cities', query] as const,
};

/** GET /api/shipping-methods (spec 2 §7): { shipping_methods }. */
export function useShippingMethods() {
  return useQuery({
    queryKey: shippingKeys.methods,
    queryFn: ({ signal }) =>
      http.get<{ shipping_methods: ShippingMethodReply[] }>('/api/shipping-methods', undefined, signal),
    select: (reply) => reply.shipping_methods,
  });
}

/** GET /api/shipping-zones: { zones }. */
export function useShippingZones() {
  return useQuery({
    queryKey: shippingKeys.zones,
    queryFn: ({ signal }) =>
      http.get<{ zones: ShippingZoneReply[] }>('/api/shipping-zones', undefined, signal),
    select: (reply) => reply.zones,
  });
}

/** GET /api/shipping-zones/location-data: every country and state, for the zone modal. */
export function useLocationData() {
  return useQuery({
    queryKey: shippingKeys.locationData,
    queryFn: ({ signal }) =>
      http.get<LocationDataReply>('/api/shipping-zones/location-data', undefined, signal),
  });
}

/** GET /api/countries, /api/states, /api/cities: one page of 10, or the plain list. */
export function useCountries(query: Query) {
  return useQuery({
    queryKey: shippingKeys.countries(query),
    queryFn: ({ signal }) => http.get<Paged<CountryReply>>('/api/countries', query, signal),
    placeholderData: keepPreviousData,
  });
}
export function useStates(query: Query, enabled = true) {
  return useQuery({
    queryKey: shippingKeys.states(query),
    queryFn: ({ signal }) => http.get<Paged<StateReply>>('/api/states', query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
export function useCities(query: Query, enabled = true) {
  return useQuery({
    queryKey: shippingKeys.cities(query),
    queryFn: ({ signal }) => http.get<Paged<CityReply>>('/api/cities', query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: shippingKeys.all });
}

/** Methods and zones: POST to create, PUT and DELETE on /api/{path}/{id} (spec 2 §7). */
function useApiChanges<Body, Reply>(path: string) {
  const refresh = useRefresh();
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Body }) =>
      id === null
        ? http.post<ChangeReply<Reply>>(`/api/${path}`, body)
        : http.put<ChangeReply<Reply>>(`/api/${path}/${id}`, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => http.delete<ChangeReply<{ id: number; name: string }>>(`/api/${path}/${id}`),
    onSuccess: refresh,
  });
  return { save, remove };
}

/**
 * Countries, states, cities: POST /admin/{entity}; updates are a POST to /admin/{entity}/{id} with
 * _method=PUT in the body, deletes DELETE /admin/{entity}/{id} (spec 2 §7).
 */
function useLocationChanges<Body extends object, Reply>(entity: 'countries' | 'states' | 'cities') {
  const refresh = useRefresh();
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Body }) =>
      id === null
        ? http.post<ChangeReply<Reply>>(`/admin/${entity}`, body)
        : http.post<ChangeReply<Reply>>(`/admin/${entity}/${id}`, { ...body, _method: 'PUT' }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      http.delete<ChangeReply<{ id: number; name: string }>>(`/admin/${entity}/${id}`),
    onSuccess: refresh,
  });
  return { save, remove };
}

export type MethodForm = {
  name: string;
  description: string | null;
  price: string | number;
  enabled: boolean;
  min_order_amount: string | number | null;
  max_order_amount: string | number | null;
  estimated_days_min: string | number;
  estimated_days_max: string | number;
  price_per_kg: string | number;
};
export type ZoneForm = {
  name: string;
  description: string | null;
  enabled: boolean;
  countries: number[];
  states: number[];
  shipping_rates: { method_id: number; rate: string | number }[];
};
export type CountryForm = { name: string; code: string; status: 0 | 1 };
export type StateForm = { name: string; country_id: number | null; status: 0 | 1 };
export type CityForm = { name: string; state_id: number | null; cost: string | number; status: 0 | 1 };

export const useMethodChanges = () => useApiChanges<MethodForm, ShippingMethodReply>('shipping-methods');
export const useZoneChanges = () => useApiChanges<ZoneForm, ShippingZoneReply>('shipping-zones');
export const useCountryChanges = () => useLocationChanges<CountryForm, CountryReply>('countries');
export const useStateChanges = () => useLocationChanges<StateForm, StateReply>('states');
export const useCityChanges = () => useLocationChanges<CityForm, CityReply>('cities');

export type QuoteForm = {
  cart_total: string | number;
  cart_weight: string | number;
  country_id: number | null;
  state_id: number | null;
  city_id: number | null;
  shipping_method_id: number | null;
};

/** POST /api/shipping-methods/calculate (spec 3 §3). */
export function useQuote() {
  return useMutation({
    mutationFn: (body: QuoteForm) => http.post<ShippingQuoteReply>('/api/shipping-methods/calculate', body),
  });
}
