import { idParam } from '../../../contracts/common';
import {
  STOCK_MESSAGES as M,
  STOCK_SEARCH_MIN_CHARS,
  stockNoteBody,
  stockProductSearchQuery,
  stockSettingsBody,
  stockSettingsBulkBody,
  stockSettingUpdateBody,
  storeLocationBody,
  updateStockBody,
} from '../../../contracts/stock';
import { actorOf } from '../../platform/auth/actor';
import { defineRoute } from '../../platform/http/define-route';
import { conflict } from '../../platform/http/errors';
import { getSetting } from '../../platform/settings/settings-store';
import { createStockNote } from './create-stock-note';
import { deleteStoreLocation } from './delete-store-location';
import { readStockSettings, saveStockSettings } from './save-stock-settings';
import { saveStoreLocation } from './save-store-location';
import { presentStoreLocation } from './stock.presenter';
import { listStoreLocations, searchStockProducts } from './stock.queries';
import { updateStock } from './update-stock';

/** Stock screens and their calls need stock.manage; changing stock settings needs settings.manage (docs/decisions/0018). */
const auth = { permission: 'stock.manage' } as const;
const settingsAuth = { permission: 'settings.manage' } as const;

/** Stock settings (spec 2 §3, §7 "Theme, system, website, stock settings"). */
export const stockSettingsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/stock-settings',
    auth,
    handler: async ({ ctx }) => ({ success: true, data: await readStockSettings(ctx.db) }),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/stock-settings',
    auth: settingsAuth,
    body: stockSettingsBody,
    handler: async ({ ctx, body, session, req }) => ({
      success: true,
      message: M.settingsSaved,
      data: await saveStockSettings(ctx, actorOf(session, req), body),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/stock-settings/update',
    auth: settingsAuth,
    body: stockSettingUpdateBody,
    handler: async ({ ctx, body, session, req }) => ({
      success: true,
      message: M.settingsSaved,
      data: await saveStockSettings(ctx, actorOf(session, req), { [body.type]: body.value }),
    }),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/stock-settings/bulk-update',
    auth: settingsAuth,
    body: stockSettingsBulkBody,
    handler: async ({ ctx, body, session, req }) => ({
      success: true,
      message: M.settingsSaved,
      data: await saveStockSettings(
        ctx,
        actorOf(session, req),
        Object.fromEntries(body.settings.map((s) => [s.type, s.value])),
      ),
    }),
  }),
];

/**
 * Store locations (the stock settings' modal) stay open while stock management is off, so they can
 * be set up before it is switched on; the stock update and notes answer the spec's disabled message.
 */
export const stockRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/store-locations',
    auth,
    handler: async ({ ctx }) => {
      const locations = (await listStoreLocations(ctx.db)).map(presentStoreLocation);
      // spec 2 §7 names the list `locations`; `data` stays for the screens that read it.
      return { success: true, locations, data: locations };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/store-locations',
    auth,
    body: storeLocationBody,
    handler: async ({ ctx, body, session, req, reply }) => {
      const saved = await saveStoreLocation(ctx, actorOf(session, req), null, body);
      reply.code(201);
      return { success: true, message: M.locationCreated, data: presentStoreLocation(saved) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/store-locations/:id',
    auth,
    params: idParam,
    body: storeLocationBody,
    handler: async ({ ctx, body, params, session, req }) => {
      const saved = await saveStoreLocation(ctx, actorOf(session, req), params.id, body);
      return { success: true, message: M.locationUpdated, data: presentStoreLocation(saved) };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/store-locations/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, params, session, req }) => {
      await deleteStoreLocation(ctx, actorOf(session, req), params.id);
      return { success: true, message: M.locationDeleted };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/stock-update/search-products',
    auth,
    query: stockProductSearchQuery,
    handler: async ({ ctx, query }) => {
      if (!(await getSetting(ctx.db, 'stock_management_enabled'))) throw conflict(M.disabled);
      // spec 2 §5: the search starts at 2 characters.
      const products =
        query.search.length < STOCK_SEARCH_MIN_CHARS ? [] : await searchStockProducts(ctx.db, query.search);
      // spec 2 §7 names the list `products`; `data` stays for the screens that read it.
      return { success: true, products, data: products };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/stock-update/update-stock',
    auth,
    body: updateStockBody,
    // A low-stock or out-of-stock e-mail is queued in its transaction (docs/decisions/0046).
    handler: async ({ ctx, body, session, req }) => updateStock(ctx, actorOf(session, req), body),
  }),

  defineRoute({
    method: 'POST',
    url: '/api/stock-notes/create',
    auth,
    body: stockNoteBody,
    handler: async ({ ctx, body, session, req }) => ({
      success: true,
      message: M.noteSaved,
      data: await createStockNote(ctx, actorOf(session, req), body),
    }),
  }),
];
