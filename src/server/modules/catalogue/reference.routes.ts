import {
  attributeBody,
  attributesListQuery,
  attributeValueBody,
  attributeValueParams,
  attributeValuesListQuery,
  brandBody,
  brandsListQuery,
  categoriesListQuery,
  categoryBody,
  colorBody,
  colorsListQuery,
  REFERENCE_MESSAGES as M,
  suppliersListQuery,
  vatBody,
  vatsListQuery,
} from '../../../contracts/catalogue-reference';
import { idParam } from '../../../contracts/common';
import { actorOf } from '../../platform/auth/actor';
import type { LoadedSession } from '../../platform/auth/sessions';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { deleteAttribute } from './delete-attribute';
import { deleteAttributeValue } from './delete-attribute-value';
import { deleteBrand } from './delete-brand';
import { deleteCategory } from './delete-category';
import { deleteColor } from './delete-color';
import { deleteVat } from './delete-vat';
import {
  presentAttribute,
  presentAttributeValue,
  presentBrand,
  presentCategory,
  presentCategoryNode,
  presentColor,
  presentSupplier,
  presentVat,
} from './reference.presenter';
import {
  type Audience,
  categoryTree,
  findAttribute,
  listAttributes,
  listAttributeValues,
  listBrands,
  listCategories,
  listColors,
  listSuppliers,
  listVats,
} from './reference.queries';
import { saveAttribute } from './save-attribute';
import { saveAttributeValue } from './save-attribute-value';
import { saveBrand } from './save-brand';
import { saveCategory } from './save-category';
import { saveColor } from './save-color';
import { saveVat } from './save-vat';

/** Every change, and the admin-only reads, need catalogue.manage (DECISIONS 1). */
const auth = { permission: 'catalogue.manage' } as const;

/** The storefront and shoppers see what is switched on; people who manage the catalogue see all. */
const audienceOf = (session: LoadedSession | null): Audience => ({
  onlyActive: !session?.permissions.has('catalogue.manage'),
});

/** Replaces a list's rows by their replies, paged or not. */
function mapRows<R, T, L extends { data: R[] }>(
  list: L,
  present: (row: R) => T,
): Omit<L, 'data'> & { data: T[] } {
  return { ...list, data: list.data.map(present) };
}

/**
 * Brands, categories, colours, attributes and their values, VAT rates and the supplier list
 * (spec 2 §7 "Products and catalogue", spec 3 §7 "Attribute values"; docs/decisions/0012).
 */
export const referenceRoutes = [
  // Reads used by product forms and the storefront ------------------------------------------------
  defineRoute({
    method: 'GET',
    url: '/api/brands',
    auth: 'public',
    query: brandsListQuery,
    handler: async ({ ctx, query, session }) =>
      mapRows(await listBrands(ctx.db, query, audienceOf(session)), presentBrand),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/categories',
    auth: 'public',
    query: categoriesListQuery,
    handler: async ({ ctx, query, session }) => {
      if (query.hierarchical) {
        const tree = await categoryTree(ctx.db, query, audienceOf(session));
        return { data: tree.map(presentCategoryNode) };
      }
      return mapRows(await listCategories(ctx.db, query, audienceOf(session)), presentCategory);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/colors',
    auth: 'public',
    query: colorsListQuery,
    handler: async ({ ctx, query }) => mapRows(await listColors(ctx.db, query), presentColor),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/attributes',
    auth: 'public',
    query: attributesListQuery,
    handler: async ({ ctx, query }) => mapRows(await listAttributes(ctx.db, query), presentAttribute),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/attributes/:id',
    auth: 'public',
    params: idParam,
    handler: async ({ ctx, params }) => {
      const attribute = await findAttribute(ctx.db, params.id);
      if (!attribute) throw notFound(M.attributeNotFound);
      return { data: presentAttribute(attribute) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/vats',
    auth,
    query: vatsListQuery,
    handler: async ({ ctx, query }) => mapRows(await listVats(ctx.db, query), presentVat),
  }),

  defineRoute({
    method: 'GET',
    url: '/api/suppliers',
    auth,
    query: suppliersListQuery,
    handler: async ({ ctx, query }) => mapRows(await listSuppliers(ctx.db, query), presentSupplier),
  }),

  // Brands ---------------------------------------------------------------------------------------
  defineRoute({
    method: 'POST',
    url: '/admin/brands',
    auth,
    body: brandBody,
    handler: async ({ ctx, req, session, body }) => {
      const brand = await saveBrand(ctx, actorOf(session, req), null, body);
      return { success: true, message: M.brandCreated, data: presentBrand(brand) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/brands/:id',
    auth,
    params: idParam,
    body: brandBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const brand = await saveBrand(ctx, actorOf(session, req), params.id, body);
      return { success: true, message: M.brandUpdated, data: presentBrand(brand) };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/brands/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => {
      const deleted = await deleteBrand(ctx, actorOf(session, req), params.id);
      return { success: true, message: M.brandDeleted, data: deleted };
    },
  }),

  // Categories -----------------------------------------------------------------------------------
  defineRoute({
    method: 'POST',
    url: '/admin/categories',
    auth,
    body: categoryBody,
    handler: async ({ ctx, req, session, body }) => {
      const category = await saveCategory(ctx, actorOf(session, req), null, body);
      return { success: true, message: M.categoryCreated, data: presentCategory(category) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/categories/:id',
    auth,
    params: idParam,
    body: categoryBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const category = await saveCategory(ctx, actorOf(session, req), params.id, body);
      return { success: true, message: M.categoryUpdated, data: presentCategory(category) };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/categories/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => {
      const deleted = await deleteCategory(ctx, actorOf(session, req), params.id);
      return { success: true, message: M.categoryDeleted, data: deleted };
    },
  }),

  // Colours --------------------------------------------------------------------------------------
  defineRoute({
    method: 'POST',
    url: '/admin/colors',
    auth,
    body: colorBody,
    handler: async ({ ctx, req, session, body }) => {
      const color = await saveColor(ctx, actorOf(session, req), null, body);
      return { success: true, message: M.colorCreated, data: presentColor(color) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/colors/:id',
    auth,
    params: idParam,
    body: colorBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const color = await saveColor(ctx, actorOf(session, req), params.id, body);
      return { success: true, message: M.colorUpdated, data: presentColor(color) };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/colors/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => {
      const deleted = await deleteColor(ctx, actorOf(session, req), params.id);
      return { success: true, message: M.colorDeleted, data: deleted };
    },
  }),

  // Attributes -----------------------------------------------------------------------------------
  defineRoute({
    method: 'POST',
    url: '/admin/attributes',
    auth,
    body: attributeBody,
    handler: async ({ ctx, req, session, body }) => {
      const attribute = await saveAttribute(ctx, actorOf(session, req), null, body);
      return { success: true, message: M.attributeCreated, data: presentAttribute(attribute) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/attributes/:id',
    auth,
    params: idParam,
    body: attributeBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const attribute = await saveAttribute(ctx, actorOf(session, req), params.id, body);
      return { success: true, message: M.attributeUpdated, data: presentAttribute(attribute) };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/attributes/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => {
      const deleted = await deleteAttribute(ctx, actorOf(session, req), params.id);
      return { success: true, message: M.attributeDeleted, data: deleted };
    },
  }),

  // Attribute values (spec 3 §7) -----------------------------------------------------------------
  defineRoute({
    method: 'GET',
    url: '/admin/api/attributes/:id/values',
    auth,
    params: idParam,
    query: attributeValuesListQuery,
    handler: async ({ ctx, params, query }) => {
      const attribute = await findAttribute(ctx.db, params.id);
      if (!attribute) throw notFound(M.attributeNotFound);
      return mapRows(await listAttributeValues(ctx.db, params.id, query), presentAttributeValue);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/admin/attributes/:id/values',
    auth,
    params: idParam,
    body: attributeValueBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const value = await saveAttributeValue(ctx, actorOf(session, req), params.id, null, body);
      return { success: true, message: M.attributeValueCreated, data: presentAttributeValue(value) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/attributes/:id/values/:valueId',
    auth,
    params: attributeValueParams,
    body: attributeValueBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const value = await saveAttributeValue(ctx, actorOf(session, req), params.id, params.valueId, body);
      return { success: true, message: M.attributeValueUpdated, data: presentAttributeValue(value) };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/attributes/:id/values/:valueId',
    auth,
    params: attributeValueParams,
    handler: async ({ ctx, req, session, params }) => {
      const deleted = await deleteAttributeValue(ctx, actorOf(session, req), params.id, params.valueId);
      return { success: true, message: M.attributeValueDeleted, data: deleted };
    },
  }),

  // VAT rates ------------------------------------------------------------------------------------
  defineRoute({
    method: 'POST',
    url: '/admin/vats',
    auth,
    body: vatBody,
    handler: async ({ ctx, req, session, body }) => {
      const vat = await saveVat(ctx, actorOf(session, req), null, body);
      return { success: true, message: M.vatCreated, data: presentVat(vat) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/vats/:id',
    auth,
    params: idParam,
    body: vatBody,
    handler: async ({ ctx, req, session, params, body }) => {
      const vat = await saveVat(ctx, actorOf(session, req), params.id, body);
      return { success: true, message: M.vatUpdated, data: presentVat(vat) };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/admin/vats/:id',
    auth,
    params: idParam,
    handler: async ({ ctx, req, session, params }) => {
      const deleted = await deleteVat(ctx, actorOf(session, req), params.id);
      return { success: true, message: M.vatDeleted, data: deleted };
    },
  }),
];
