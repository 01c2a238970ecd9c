import { idParam } from '../../../contracts/common';
import {
  availableMethodsQuery,
  calculateShippingBody,
  citiesListQuery,
  cityBody,
  countriesListQuery,
  countryBody,
  SHIPPING_MESSAGES as M,
  shippingMethodBody,
  shippingZoneBody,
  stateBody,
  statesListQuery,
  zoneRateQuery,
} from '../../../contracts/shipping';
import { fieldError } from '../../../domain/errors';
import { fromDecimal, toDecimal } from '../../../domain/money/money';
import { isMethodAvailable, zoneOf } from '../../../domain/shipping/shipping-cost';
import { actorOf } from '../../platform/auth/actor';
import type { LoadedSession } from '../../platform/auth/sessions';
import { withReferenceCache } from '../../platform/db/reference-cache';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { deleteCity } from './delete-city';
import { deleteCountry } from './delete-country';
import { deleteShippingMethod } from './delete-shipping-method';
import { deleteShippingZone } from './delete-shipping-zone';
import { deleteState } from './delete-state';
import { quoteShipping } from './quote-shipping';
import { saveCity } from './save-city';
import { saveCountry } from './save-country';
import { saveShippingMethod } from './save-shipping-method';
import { saveShippingZone } from './save-shipping-zone';
import { saveState } from './save-state';
import {
  presentCity,
  presentCountry,
  presentShippingMethod,
  presentShippingZone,
  presentState,
} from './shipping.presenter';
import {
  type Audience,
  findShippingMethod,
  findZone,
  listCities,
  listCountries,
  listShippingMethods,
  listStates,
  loadZones,
  locationData,
  methodRule,
  zoneRule,
} from './shipping.queries';

/** Every change, and the screens' own reads, need settings.manage (DECISIONS 1, docs/decisions/0024). */
const auth = { permission: 'settings.manage' } as const;

/** Checkout, staff and shoppers see active locations; people who manage settings see all. */
const audienceOf = (session: LoadedSession | null): Audience => ({
  onlyActive: !session?.permissions.has('settings.manage'),
});

function mapRows<R, T, L extends { data: R[] }>(
  list: L,
  present: (row: R) => T,
): Omit<L, 'data'> & { data: T[] } {
  return { ...list, data: list.data.map(present) };
}

/** Countries, states, cities, methods, zones and the quote (spec 2 §7 "Shipping and pickup"). */
export const shippingRoutes = [
  // Locations: public reads (checkout address forms), changes by settings managers ---------------
  defineRoute({
    method: 'GET',
    url: '/api/countries',
    auth: 'public',
    query: countriesListQuery,
    handler: async ({ ctx, query, session }) =>
      mapRows(await listCountries(ctx.db, query, audienceOf(session)), presentCountry),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/states',
    auth: 'public',
    query: statesListQuery,
    handler: async ({ ctx, query, session }) =>
      mapRows(await listStates(ctx.db, query, audienceOf(session)), presentState),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/cities',
    auth: 'public',
    query: citiesListQuery,
    handler: async ({ ctx, query, session }) =>
      mapRows(await listCities(ctx.db, query, audienceOf(session)), presentCity),
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/countries',
    auth,
    body: countryBody,
    handler: async ({ ctx, req, session, body }) => ({
      success: true,
      message: M.countryCreated,
      data: presentCountry(await saveCountry(ctx, actorOf(session, req), null, body)),
    }),
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/countries/:id',
    auth,
    params: idParam,
    body: countryBody,
    handler: async ({ ctx, req, session, params, body }) => ({
      success: true,
      message: M.countryUpdated,
      data: presentCountry(await saveCountry(ctx, actorOf(session, req), params.id, body)),
    }),
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/countries/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => ({
      success: true,
      message: M.countryDeleted,
      data: await deleteCountry(ctx, actorOf(session, req), params.id),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/states',
    auth,
    body: stateBody,
    handler: async ({ ctx, req, session, body }) => ({
      success: true,
      message: M.stateCreated,
      data: presentState(await saveState(ctx, actorOf(session, req), null, body)),
    }),
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/states/:id',
    auth,
    params: idParam,
    body: stateBody,
    handler: async ({ ctx, req, session, params, body }) => ({
      success: true,
      message: M.stateUpdated,
      data: presentState(await saveState(ctx, actorOf(session, req), params.id, body)),
    }),
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/states/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => ({
      success: true,
      message: M.stateDeleted,
      data: await deleteState(ctx, actorOf(session, req), params.id),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/cities',
    auth,
    body: cityBody,
    handler: async ({ ctx, req, session, body }) => ({
      success: true,
      message: M.cityCreated,
      data: presentCity(await saveCity(ctx, actorOf(session, req), null, body)),
    }),
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/cities/:id',
    auth,
    params: idParam,
    body: cityBody,
    handler: async ({ ctx, req, session, params, body }) => ({
      success: true,
      message: M.cityUpdated,
      data: presentCity(await saveCity(ctx, actorOf(session, req), params.id, body)),
    }),
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/cities/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => ({
      success: true,
      message: M.cityDeleted,
      data: await deleteCity(ctx, actorOf(session, req), params.id),
    }),
  }),

  // Shipping methods -----------------------------------------------------------------------------
  defineRoute({
    method: 'GET',
    url: '/api/shipping-methods',
    auth,
    handler: async ({ ctx }) => ({
      success: true,
      shipping_methods: (await listShippingMethods(ctx.db)).map(presentShippingMethod),
    }),
  }),

  /** Checkout and the order form: the enabled methods a cart of this total may use (public). */
  defineRoute({
    method: 'GET',
    url: '/api/shipping-methods/available',
    auth: 'public',
    query: availableMethodsQuery,
    handler: async ({ ctx, query }) => {
      const methods = await listShippingMethods(ctx.db, { onlyEnabled: true });
      const total = query.cart_total === undefined ? null : fromDecimal(query.cart_total);
      return {
        success: true,
        shipping_methods: methods
          .filter((m) => total === null || isMethodAvailable(methodRule(m), total))
          .map(presentShippingMethod),
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/shipping-methods/calculate',
    auth: 'public',
    body: calculateShippingBody,
    // A read sent as a POST: it reads the methods, states and zones through the reference cache at
    // the session's version, as the checkout does (docs/decisions/0111), not the whole lists each time.
    handler: async ({ ctx, body, req }) =>
      withReferenceCache(ctx.db, () => quoteShipping(ctx, body), req.sessionState.referenceVersion),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/shipping-methods',
    auth,
    body: shippingMethodBody,
    handler: async ({ ctx, req, session, body }) => ({
      success: true,
      message: M.methodCreated,
      data: presentShippingMethod(await saveShippingMethod(ctx, actorOf(session, req), null, body)),
    }),
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/shipping-methods/:id',
    auth,
    params: idParam,
    body: shippingMethodBody,
    handler: async ({ ctx, req, session, params, body }) => ({
      success: true,
      message: M.methodUpdated,
      data: presentShippingMethod(await saveShippingMethod(ctx, actorOf(session, req), params.id, body)),
    }),
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/shipping-methods/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => ({
      success: true,
      message: M.methodDeleted,
      data: await deleteShippingMethod(ctx, actorOf(session, req), params.id),
    }),
  }),

  // Shipping zones -------------------------------------------------------------------------------
  defineRoute({
    method: 'GET',
    url: '/api/shipping-zones',
    auth,
    handler: async ({ ctx }) => {
      const zones = (await loadZones(ctx.db)).map(presentShippingZone);
      return { success: true, zones, shipping_zones: zones };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/shipping-zones/location-data',
    auth,
    handler: async ({ ctx }) => {
      const data = await locationData(ctx.db);
      return {
        success: true,
        countries: data.countries,
        states: data.states.map((s) => ({ id: s.id, name: s.name, country_id: s.countryId })),
      };
    },
  }),

  /** The base rate a method costs at an address: the zone's rate, else the method's price (public). */
  defineRoute({
    method: 'GET',
    url: '/api/shipping-zones/rate',
    auth: 'public',
    query: zoneRateQuery,
    handler: async ({ ctx, query }) => {
      const method = await findShippingMethod(ctx.db, query.method_id);
      if (!method) throw fieldError('method_id', M.methodUnknown);
      const zones = await loadZones(ctx.db);
      const zone = zoneOf(zones.map(zoneRule), {
        countryId: query.country_id,
        stateId: query.state_id,
        cityCost: fromDecimal(0),
      });
      const rule = methodRule(method);
      const rate = zone?.rates.get(method.id) ?? rule.price;
      return {
        success: true,
        rate: toDecimal(rate),
        method_id: method.id,
        zone_id: zone?.id ?? null,
        zone_name: zones.find((z) => z.id === zone?.id)?.name ?? null,
        from_zone: zone?.rates.has(method.id) ?? false,
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/shipping-zones/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, params }) => {
      const zone = await findZone(ctx.db, params.id);
      if (!zone) throw notFound(M.zoneNotFound);
      return { success: true, data: presentShippingZone(zone) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/shipping-zones',
    auth,
    body: shippingZoneBody,
    handler: async ({ ctx, req, session, body }) => ({
      success: true,
      message: M.zoneCreated,
      data: presentShippingZone(await saveShippingZone(ctx, actorOf(session, req), null, body)),
    }),
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/shipping-zones/:id',
    auth,
    params: idParam,
    body: shippingZoneBody,
    handler: async ({ ctx, req, session, params, body }) => ({
      success: true,
      message: M.zoneUpdated,
      data: presentShippingZone(await saveShippingZone(ctx, actorOf(session, req), params.id, body)),
    }),
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/shipping-zones/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => ({
      success: true,
      message: M.zoneDeleted,
      data: await deleteShippingZone(ctx, actorOf(session, req), params.id),
    }),
  }),
];
