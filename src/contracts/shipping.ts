import { z } from 'zod';
import {
  formBoolean,
  moneyAmount,
  pageParam,
  parseNumberText,
  perPageParam,
  recordId,
  searchText,
} from './common';

/**
 * Shipping: countries, states, cities, methods, zones and the quote (spec 2 §3, §7 "Shipping and
 * pickup", §8; spec 3 §3; DECISIONS 15; docs/decisions/0019, 0024).
 */
export const SHIPPING_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'The name may not be longer than 255 characters.',
  descriptionTooLong: 'The description may not be longer than 1000 characters.',
  codeRequired: 'Code is required',
  code: 'The code must be 2 or 3 letters, for example MU.',
  codeTaken: 'Another country already has this code.',
  countryNameTaken: 'Another country already has this name.',
  stateNameTaken: 'This country already has a state with this name.',
  cityNameTaken: 'This state already has a city with this name.',
  methodNameTaken: 'Another shipping method already has this name.',
  status: 'The status must be 1 (active) or 0 (inactive).',
  countryRequired: 'Please select a country.',
  countryUnknown: 'The selected country does not exist.',
  stateRequired: 'Please select a state.',
  stateUnknown: 'The selected state does not exist.',
  cityUnknown: 'The selected city does not exist.',
  cityNotInState: 'The selected city is not in the selected state.',
  stateNotInCountry: 'The selected state is not in the selected country.',
  amount: (label: string) => `The ${label} must be an amount of 0 or more.`,
  days: (label: string) => `The ${label} must be a whole number of days from 0 to 365.`,
  daysOrder: 'The latest delivery day may not be before the earliest.',
  amountOrder: 'The maximum order amount may not be less than the minimum.',
  weight: 'The cart weight must be a number of kilograms of 0 or more.',
  cartTotal: 'The cart total must be an amount of 0 or more.',
  methodRequired: 'Please select a shipping method',
  methodUnknown: 'The selected shipping method does not exist.',
  methodUnavailable: 'This shipping method is not available for this order.',
  rateMethodUnknown: 'A rate names a shipping method that does not exist.',
  rateDuplicate: 'Each shipping method may have one rate in a zone.',
  countryHasStates: (count: number) =>
    `This country has ${count} ${count === 1 ? 'state' : 'states'}. Delete ${count === 1 ? 'it' : 'them'} first.`,
  stateHasCities: (count: number) =>
    `This state has ${count} ${count === 1 ? 'city' : 'cities'}. Delete ${count === 1 ? 'it' : 'them'} first.`,
  countryNotFound: 'Country not found.',
  stateNotFound: 'State not found.',
  cityNotFound: 'City not found.',
  methodNotFound: 'Shipping method not found.',
  zoneNotFound: 'Shipping zone not found.',
  countryCreated: 'Country created.',
  countryUpdated: 'Country updated.',
  countryDeleted: 'Country deleted.',
  stateCreated: 'State created.',
  stateUpdated: 'State updated.',
  stateDeleted: 'State deleted.',
  cityCreated: 'City created.',
  cityUpdated: 'City updated.',
  cityDeleted: 'City deleted.',
  methodCreated: 'Shipping method created.',
  methodUpdated: 'Shipping method updated.',
  methodDeleted: 'Shipping method deleted.',
  zoneCreated: 'Shipping zone created.',
  zoneUpdated: 'Shipping zone updated.',
  zoneDeleted: 'Shipping zone deleted.',
  /** spec 2 §8 Shipping and pickup. */
  saveFailed: 'Failed to save',
  deleteFailed: 'Failed to delete',
  loadMethodsFailed: 'Failed to load shipping methods',
  loadZonesFailed: 'Failed to load shipping zones',
  calculateFailed: 'Failed to calculate shipping',
  availableFailed: 'Failed to get shipping methods',
  fixErrors: 'Please correct the errors below.',
} as const;

const M = SHIPPING_MESSAGES;

/** spec 2 §9 "most admin lists 10 per page". */
export const SHIPPING_PAGE_SIZE = 10;

const name = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, { error: M.nameRequired, abort: true })
  .max(255, M.nameTooLong);

const description = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.string({ error: M.descriptionTooLong }).trim().max(1000, M.descriptionTooLong).nullable().optional(),
);

/** Status 1 or 0 (spec 2 §3); also accepts true/false from a switch. New records are active. */
const statusFlag = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return 1;
    if (value === true || value === 'true' || value === '1' || value === 1 || value === 'on') return 1;
    if (value === false || value === 'false' || value === '0' || value === 0) return 0;
    return value;
  },
  z.union([z.literal(0), z.literal(1)], { error: M.status }),
);

/** An amount as a number or decimal text ("12.50"), 0 or more, at most 2 decimals (issue 11). */
const amount = (label: string) => moneyAmount(M.amount(label), { max: 999_999_999_999 });
const amountOrZero = (label: string) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), amount(label));
const optionalAmount = (label: string) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? null : v), amount(label).nullable());

const days = (label: string, fallback: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? fallback : parseNumberText(v)),
    z
      .number({ error: M.days(label) })
      .int({ error: M.days(label) })
      .min(0, M.days(label))
      .max(365, M.days(label)),
  );

/** A chosen parent: required, an id. */
const parentId = (required: string, unknown: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined || v === 0 || v === '0' ? undefined : v),
    z.preprocess(
      parseNumberText,
      z.number({ error: required }).int({ error: unknown }).min(1, unknown).max(2_147_483_647, unknown),
    ),
  );

const optionalId = (unknown: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined || v === 0 || v === '0' ? null : v),
    z
      .preprocess(
        parseNumberText,
        z.number({ error: unknown }).int({ error: unknown }).min(1, unknown).max(2_147_483_647, unknown),
      )
      .nullable(),
  );

/** A list of ids; a form may send them as "1,2" or repeated values. */
const idList = (unknown: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      if (typeof v === 'string') return v.split(',').filter((s) => s.trim() !== '');
      return Array.isArray(v) ? v : [v];
    },
    z.array(
      z.preprocess(
        parseNumberText,
        z.number({ error: unknown }).int({ error: unknown }).min(1, unknown).max(2_147_483_647, unknown),
      ),
    ),
  );

// Countries, states, cities ------------------------------------------------------------------------

/** POST /admin/countries, PUT /admin/countries/{id}. */
export const countryBody = z.object({
  name,
  code: z
    .string({ error: M.codeRequired })
    .trim()
    .min(1, { error: M.codeRequired, abort: true })
    .regex(/^[A-Za-z]{2,3}$/, M.code)
    .transform((c) => c.toUpperCase()),
  status: statusFlag,
});
export type CountryBody = z.output<typeof countryBody>;
export type CountryInput = z.input<typeof countryBody>;

/** POST /admin/states, PUT /admin/states/{id}. */
export const stateBody = z.object({
  name,
  country_id: parentId(M.countryRequired, M.countryUnknown),
  status: statusFlag,
});
export type StateBody = z.output<typeof stateBody>;

/** POST /admin/cities, PUT /admin/cities/{id}; cost defaults to 0 (spec 2 §9). */
export const cityBody = z.object({
  name,
  state_id: parentId(M.stateRequired, M.stateUnknown),
  cost: amountOrZero('cost'),
  status: statusFlag,
});
export type CityBody = z.output<typeof cityBody>;

const locationListQuery = {
  page: pageParam,
  per_page: perPageParam(SHIPPING_PAGE_SIZE),
  search: searchText,
  /** spec 2 §7: `simple_list=true` answers the plain list (every active row, by name). */
  simple_list: formBoolean.optional().default(false),
};

/** GET /api/countries. */
export const countriesListQuery = z.object(locationListQuery);
export type CountriesListQuery = z.output<typeof countriesListQuery>;

/** GET /api/states, filterable by country. */
export const statesListQuery = z.object({ ...locationListQuery, country_id: optionalId(M.countryUnknown) });
export type StatesListQuery = z.output<typeof statesListQuery>;

/** GET /api/cities, filterable by state and by country. */
export const citiesListQuery = z.object({
  ...locationListQuery,
  state_id: optionalId(M.stateUnknown),
  country_id: optionalId(M.countryUnknown),
});
export type CitiesListQuery = z.output<typeof citiesListQuery>;

export type CountryReply = {
  id: number;
  name: string;
  code: string;
  zone_id: number | null;
  status: 0 | 1;
  states_count: number;
};
export type StateReply = {
  id: number;
  name: string;
  country_id: number;
  country_name: string;
  status: 0 | 1;
  cities_count: number;
};
export type CityReply = {
  id: number;
  name: string;
  state_id: number;
  state_name: string;
  country_id: number;
  cost: number;
  status: 0 | 1;
};

// Shipping methods ---------------------------------------------------------------------------------

/** POST /api/shipping-methods, PUT /api/shipping-methods/{id}. */
export const shippingMethodBody = z
  .object({
    name,
    description,
    price: amountOrZero('price'),
    enabled: formBoolean.optional().transform((v) => v ?? true),
    min_order_amount: optionalAmount('minimum order amount'),
    max_order_amount: optionalAmount('maximum order amount'),
    estimated_days_min: days('earliest delivery day', 1),
    estimated_days_max: days('latest delivery day', 3),
    price_per_kg: amountOrZero('price per kg'),
  })
  .superRefine((value, ctx) => {
    if (value.estimated_days_max < value.estimated_days_min) {
      ctx.addIssue({ code: 'custom', path: ['estimated_days_max'], message: M.daysOrder });
    }
    if (
      value.min_order_amount !== null &&
      value.max_order_amount !== null &&
      value.max_order_amount < value.min_order_amount
    ) {
      ctx.addIssue({ code: 'custom', path: ['max_order_amount'], message: M.amountOrder });
    }
  });
export type ShippingMethodBody = z.output<typeof shippingMethodBody>;
export type ShippingMethodInput = z.input<typeof shippingMethodBody>;

export type ShippingMethodReply = {
  id: number;
  name: string;
  description: string | null;
  price: number;
  enabled: boolean;
  min_order_amount: number | null;
  max_order_amount: number | null;
  estimated_days_min: number;
  estimated_days_max: number;
  price_per_kg: number;
  zones_count: number;
};

/** GET /api/shipping-methods/available?cart_total. */
export const availableMethodsQuery = z.object({
  cart_total: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z
      .preprocess(
        parseNumberText,
        z
          .number({ error: M.cartTotal })
          .finite(M.cartTotal)
          .min(0, M.cartTotal)
          .max(999_999_999_999, M.cartTotal),
      )
      .optional(),
  ),
});

/**
 * POST /api/shipping-methods/calculate: spec 3 §3 payload items, cart_total, cart_weight,
 * country_id, state_id, city_id, shipping_method_id.
 */
export const calculateShippingBody = z.object({
  items: z
    .array(
      z.object({
        product_id: recordId,
        product_stock_id: optionalId('This id is not valid.').optional(),
        quantity: z.preprocess(
          parseNumberText,
          z
            .number({ error: 'The quantity must be a whole number of 1 or more.' })
            .int()
            .min(1)
            .max(1_000_000),
        ),
      }),
      { error: 'The items must be a list.' },
    )
    .max(500)
    .optional()
    .default([]),
  cart_total: amount('cart total'),
  cart_weight: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : parseNumberText(v)),
    z.number({ error: M.weight }).finite(M.weight).min(0, M.weight).max(1_000_000, M.weight),
  ),
  country_id: optionalId(M.countryUnknown),
  state_id: optionalId(M.stateUnknown),
  city_id: optionalId(M.cityUnknown),
  shipping_method_id: parentId(M.methodRequired, M.methodUnknown),
});
export type CalculateShippingBody = z.output<typeof calculateShippingBody>;

export type ShippingQuoteReply = {
  success: true;
  available: boolean;
  subtotal: number;
  tax: number;
  shipping_cost: number;
  total: number;
  breakdown: { base: number; weight: number; city: number; zone_id: number | null; free_shipping: boolean };
  shipping_method: { id: number; name: string; estimated_days_min: number; estimated_days_max: number };
};

// Shipping zones -----------------------------------------------------------------------------------

/** POST /api/shipping-zones, PUT /api/shipping-zones/{id}. */
export const shippingZoneBody = z
  .object({
    name,
    description,
    enabled: formBoolean.optional().transform((v) => v ?? true),
    countries: idList(M.countryUnknown),
    states: idList(M.stateUnknown),
    shipping_rates: z
      .array(
        z.object({
          method_id: parentId(M.methodRequired, M.rateMethodUnknown),
          rate: amount('rate'),
        }),
        { error: 'The rates must be a list.' },
      )
      .optional()
      .default([]),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.shipping_rates.forEach((rate, index) => {
      if (seen.has(rate.method_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['shipping_rates', index, 'method_id'],
          message: M.rateDuplicate,
        });
      }
      seen.add(rate.method_id);
    });
  });
export type ShippingZoneBody = z.output<typeof shippingZoneBody>;
export type ShippingZoneInput = z.input<typeof shippingZoneBody>;

export type ShippingZoneReply = {
  id: number;
  name: string;
  description: string | null;
  enabled: boolean;
  countries: { id: number; name: string; code: string }[];
  states: { id: number; name: string; country_id: number }[];
  shipping_rates: { method_id: number; method_name: string; rate: number }[];
};

/** GET /api/shipping-zones/rate?country_id&method_id&state_id. */
export const zoneRateQuery = z.object({
  country_id: optionalId(M.countryUnknown),
  state_id: optionalId(M.stateUnknown),
  method_id: parentId(M.methodRequired, M.methodUnknown),
});
export type ZoneRateQuery = z.output<typeof zoneRateQuery>;

export type LocationDataReply = {
  countries: { id: number; name: string; code: string }[];
  states: { id: number; name: string; country_id: number }[];
};
