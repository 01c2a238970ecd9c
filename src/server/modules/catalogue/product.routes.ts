import {
  PRODUCT_MESSAGES,
  type ProductAttributesReply,
  type ProductReply,
  type ProductSaveReply,
  type ProductVariantsReply,
  productBody,
  productUpdateBody,
  type ReorderImagesReply,
  reorderImagesBody,
} from '../../../contracts/catalogue';
import { idParam } from '../../../contracts/common';
import { actorOf } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { presentProduct, presentProductAttributes, presentVariations } from './product.presenter';
import {
  findProductDetail,
  isLiveProduct,
  type ProductDetail,
  productAttributes,
  productVersionById,
} from './product.queries';
import { adminProductView } from './product-views';
import { loadAdminListPricing } from './products-list.queries';
import { reorderProductImages } from './reorder-product-images';
import { saveProduct } from './save-product';
import { setProductField } from './set-product-field';

/**
 * The product form's calls. Its reads carry the buy price and the supplier, so they are catalogue
 * administration too (docs/decisions/0016).
 */
const auth = { permission: 'catalogue.manage' } as const;

/** Prices as the product list shows them: for a signed-in customer, today (docs/decisions/0014). */
async function present(ctx: AppContext, detail: ProductDetail): Promise<ProductReply> {
  return presentProduct(detail, await loadAdminListPricing(ctx.db, ctx.now()), ctx.storage);
}

async function variationsReply(ctx: AppContext, id: number): Promise<ProductVariantsReply> {
  const [detail, pricing] = await Promise.all([
    findProductDetail(ctx.db, id),
    loadAdminListPricing(ctx.db, ctx.now()),
  ]);
  if (!detail) throw notFound();
  return { data: presentVariations(detail, pricing, ctx.storage) };
}

/** Create, update, read a product; its variations and attributes; reorder its images (spec 2 §2, §7). */
export const productRoutes = [
  defineRoute({
    method: 'POST',
    url: '/admin/products',
    auth,
    body: productBody,
    handler: async ({ ctx, req, reply, session, body }): Promise<ProductSaveReply> => {
      const detail = await saveProduct(ctx, actorOf(session, req), null, body);
      reply.code(201);
      return { success: true, message: PRODUCT_MESSAGES.created, product: await present(ctx, detail) };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/admin/products/:id',
    auth,
    params: idParam,
    body: productUpdateBody,
    handler: async ({ ctx, req, session, params, body }): Promise<ProductSaveReply> => {
      const actor = actorOf(session, req);
      const detail =
        body.kind === 'field'
          ? await setProductField(ctx, actor, params.id, body.field)
          : await saveProduct(ctx, actor, params.id, body.form);
      return { success: true, message: PRODUCT_MESSAGES.saved, product: await present(ctx, detail) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/products/:id',
    auth,
    params: idParam,
    sessionSideRead: productVersionById,
    handler: async ({ ctx, req, params }): Promise<ProductReply> => {
      const pricing = await loadAdminListPricing(ctx.db, ctx.now());
      const view = await adminProductView(ctx.db, ctx.storage, pricing, params.id, req.sessionState.side);
      if (!view) throw notFound();
      return view;
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/products/:id/variants',
    auth,
    params: idParam,
    handler: async ({ ctx, params }) => variationsReply(ctx, params.id),
  }),

  // spec 2 §7: the form falls back to this one when the /api route fails.
  defineRoute({
    method: 'GET',
    url: '/admin/products/:id/variants',
    auth,
    params: idParam,
    handler: async ({ ctx, params }) => variationsReply(ctx, params.id),
  }),

  defineRoute({
    method: 'GET',
    url: '/admin/products/:id/attributes',
    auth,
    params: idParam,
    handler: async ({ ctx, params }): Promise<ProductAttributesReply> => {
      const [live, rows] = await Promise.all([
        isLiveProduct(ctx.db, params.id),
        productAttributes(ctx.db, params.id),
      ]);
      if (!live) throw notFound();
      return presentProductAttributes(rows);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/products/:id/reorder-images',
    auth,
    params: idParam,
    body: reorderImagesBody,
    handler: async ({ ctx, req, session, params, body }): Promise<ReorderImagesReply> => {
      const result = await reorderProductImages(ctx, actorOf(session, req), params.id, body.image_order);
      return {
        success: true,
        message: PRODUCT_MESSAGES.imagesReordered,
        thumbnail_id: result.thumbnailId,
        gallery_images: result.galleryImages,
      };
    },
  }),
];
