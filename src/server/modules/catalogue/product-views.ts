import type { ProductReply } from '../../../contracts/catalogue';
import type { ShopProductDetail } from '../../../contracts/shop-catalogue';
import type { Executor } from '../../platform/db/database';
import { requestReferenceVersion } from '../../platform/db/reference-cache';
import type { Storage } from '../../platform/files/storage';
import type { ShopPricing } from './pricing-context';
import { presentProduct } from './product.presenter';
import { findProductDetail, liveProductVersion } from './product.queries';
import { presentShopProduct } from './shop-products.presenter';
import {
  findShopProduct,
  type ShopProductKey,
  type ShopViewerRole,
  shopProductVersion,
} from './shop-products.queries';

/** The product page's product as the shop shows it to one buyer, and what its SEO tags need. */
export type ShopProductView = {
  presented: ShopProductDetail;
  seo: {
    enabled: boolean;
    title: string | null;
    description: string | null;
    robots: string | null;
    imageUrl: string | null;
  };
};

type Entry = { version: string; pricing: string; storage: object; view: unknown };

/** Product views (shop and admin) kept per database handle and process, the least recently read dropped first. */
export const KEPT_PRODUCT_VIEWS = 1_000;

const kept = new WeakMap<Executor, Map<string, Entry>>();

/**
 * What the presentation depends on besides the product: the reference version (discount rules,
 * VAT and stock settings, categories, brands, colours, attributes, files: docs/decisions/0064 and
 * 0097), the shop's day (dated discounts), the buyer's roles and their uses of rules limited per
 * buyer.
 */
function pricingKey(referenceVersion: number, pricing: ShopPricing): string {
  const { buyer } = pricing;
  return [
    referenceVersion,
    pricing.today,
    pricing.timezone,
    buyer.isGuest ? 'guest' : buyer.roles.join(','),
    JSON.stringify(buyer.usesByRule ?? {}),
  ].join('|');
}

/**
 * The view kept under `name` when the product's row still has the version `readVersion` answers and
 * the pricing and storage are the same; otherwise `load()` (read after the version, so a change
 * committed in between is in what it loads, under the version it answers), kept. Outside a
 * request's reference scope, `load()` alone: nothing is kept. Null when either answers null.
 */
async function keptView<V>(
  db: Executor,
  name: string,
  pricing: ShopPricing,
  storage: object,
  readVersion: () => Promise<string | null>,
  load: () => Promise<{ version: string; view: V } | null>,
): Promise<V | null> {
  const referenceVersion = await requestReferenceVersion(db);
  if (referenceVersion === null) return (await load())?.view ?? null;
  const version = await readVersion();
  if (version === null) return null;
  const wanted = pricingKey(referenceVersion, pricing);
  let entries = kept.get(db);
  if (!entries) {
    entries = new Map();
    kept.set(db, entries);
  }
  const entry = entries.get(name);
  entries.delete(name);
  if (entry && entry.version === version && entry.pricing === wanted && entry.storage === storage) {
    entries.set(name, entry);
    return entry.view as V;
  }
  const loaded = await load();
  if (!loaded) return null;
  entries.set(name, { version: loaded.version, pricing: wanted, storage, view: loaded.view });
  if (entries.size > KEPT_PRODUCT_VIEWS) entries.delete(entries.keys().next().value!);
  return loaded.view;
}

function present(
  detail: NonNullable<Awaited<ReturnType<typeof findShopProduct>>>,
  pricing: ShopPricing,
  storage: Pick<Storage, 'url'>,
): ShopProductView {
  const seoImage = detail.product.seoImageId === null ? null : detail.files.get(detail.product.seoImageId);
  return {
    presented: presentShopProduct(detail, pricing, storage),
    seo: {
      enabled: detail.product.enableSeoFeatures,
      title: detail.product.seoTitle,
      description: detail.product.seoDescription,
      robots: detail.product.seoRobots,
      imageUrl: seoImage ? storage.url(seoImage.path) : null,
    },
  };
}

/**
 * The product page's product for a buyer (GET /products/{slug}, GET /api/public/products/{id}),
 * null when the role may not see it. Within a request (the reference cache's scope) the process
 * keeps what it presented, under the version of the product's row and the pricing key: a read
 * whose product and pricing have not changed since costs one index lookup (the row's version)
 * instead of the product's detail and its presentation (docs/decisions/0097). The view is shared
 * between requests: callers must not change it.
 */
export async function shopProductView(
  db: Executor,
  storage: Pick<Storage, 'url'>,
  role: ShopViewerRole,
  pricing: ShopPricing,
  key: ShopProductKey,
  /**
   * The product's row version read with the session (productVersionBySlug / ById, decision 0103),
   * when the session's statement carried it: then no statement of its own reads it.
   */
  knownVersion?: string | null,
): Promise<ShopProductView | null> {
  return keptView(
    db,
    `shop\u0000${role}\u0000${'id' in key ? `#${key.id}` : key.slug}`,
    pricing,
    storage,
    knownVersion === undefined ? () => shopProductVersion(db, role, key) : async () => knownVersion,
    async () => {
      const detail = await findShopProduct(db, role, key);
      return detail && { version: detail.version, view: present(detail, pricing, storage) };
    },
  );
}

/**
 * GET /api/products/{id} (the admin's product form): the product as presentProduct shows it, kept
 * the same way as the shop's (docs/decisions/0097) under its row's version and the admin pricing;
 * null for an unknown or deleted product.
 */
export async function adminProductView(
  db: Executor,
  storage: Pick<Storage, 'url'>,
  pricing: ShopPricing,
  id: number,
  /** The row's version read with the session (productVersionById, decision 0103), when it was. */
  knownVersion?: string | null,
): Promise<ProductReply | null> {
  return keptView(
    db,
    `admin\u0000#${id}`,
    pricing,
    storage,
    knownVersion === undefined ? () => liveProductVersion(db, id) : async () => knownVersion,
    async () => {
      const detail = await findProductDetail(db, id);
      return detail && { version: detail.version, view: presentProduct(detail, pricing, storage) };
    },
  );
}
