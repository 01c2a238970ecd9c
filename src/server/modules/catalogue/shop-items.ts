import { and, eq, sql } from 'drizzle-orm';
import type { Cents } from '../../../domain/money/money';
import { fromDecimal } from '../../../domain/money/money';
import { priceItem } from '../../../domain/pricing/catalogue-price';
import { ruleUsed } from '../../../domain/pricing/discounts';
import type { VatInfo } from '../../../domain/pricing/vat';
import type { Executor } from '../../platform/db/database';
import { inIdsPlaceholder, preparedStatement } from '../../platform/db/prepared';
import { qualified } from '../../platform/db/qualified';
import type { Storage } from '../../platform/files/storage';
import { files } from '../files';
import { productStockColors, productStocks, products, vats } from './catalogue.tables';
import { productCategoryRefsColumn, type ShopPricing, vatInfoOf, withParents } from './pricing-context';
import {
  catalogueItemOf,
  type PriceableProduct,
  priceableColumns,
  thumbnailUrl,
} from './products-list.presenter';
import { shopVisibleTo } from './shop-visibility';

/** What a cart line (or a checkout line) names: a product, perhaps one of its variants. */
export type ShopItemRef = { productId: number; variantId: number | null };

/** A sellable product as the shop sells it to one buyer, today. */
export type ShopProduct = {
  id: number;
  name: string;
  slug: string;
  sku: string | null;
  isVariable: boolean;
  unitSellingLabel: string | null;
  /** The product's own stock (a product without variants). */
  stockQuantity: number;
  weight: number;
  isFreeShipping: boolean;
  vatId: number | null;
  vat: VatInfo | null;
  thumbnailUrl: string | null;
  /** Variant id → the variant. */
  variants: Map<number, ShopVariant>;
};

/** One of a product's variants as the shop sells it. */
export type ShopVariant = {
  id: number;
  label: string;
  sku: string | null;
  qty: number;
  price: Cents;
  colorIds: number[];
};

/** One unit of a product (or of one of its variants) priced by the engine for the buyer. */
/** `ruleId`: the discount rule the line uses when sold at `final` (docs/decisions/0039), or null. */
export type ShopUnitPrice = { original: Cents; final: Cents; ruleId: number | null };

/**
 * The products a buyer may buy (active, not deleted, shown to their role or to guests: spec 2 shop
 * visibility), with their variants, categories and VAT, in one query. A product the buyer may not see is
 * simply absent: to them it does not exist (issue 14).
 */
export async function loadShopProducts(
  db: Executor,
  productIds: readonly number[],
  { visibleTo, storage }: { visibleTo: string; storage: Pick<Storage, 'url'> },
): Promise<Map<number, SellableProduct>> {
  const ids = [...new Set(productIds)];
  const result = new Map<number, SellableProduct>();
  if (ids.length === 0) return result;
  const rows = await shopProductRows(db).execute({ ids, visibleTo });
  for (const row of rows) {
    result.set(row.id, {
      id: row.id,
      name: row.name,
      slug: row.slug,
      sku: row.sku,
      isVariable: row.isVariableProduct,
      unitSellingLabel: row.unitSellingLabel,
      stockQuantity: row.stockQuantity,
      weight: row.weight === null ? 0 : Number(row.weight),
      isFreeShipping: row.isFreeShipping,
      vatId: row.vatId,
      // An inactive rate charges nothing (spec 2 VAT status).
      vat:
        row.vatType !== null && row.vatIsActive
          ? vatInfoOf({ type: row.vatType, rate: row.vatRate ?? '0' })
          : null,
      thumbnailUrl: thumbnailUrl(row, storage),
      variants: new Map(
        row.variants.map((v) => [
          v.id,
          {
            id: v.id,
            label: v.variant,
            sku: v.sku,
            qty: v.qty,
            price: fromDecimal(v.price),
            colorIds: v.colorIds,
          },
        ]),
      ),
      pricingCategoryIds: withParents(row.categories),
      priceable: row,
    });
  }
  return result;
}

// Every cart read and checkout reads these (docs/decisions/0091): built once per process.
const shopProductRows = preparedStatement((db) =>
  db
    .select({
      ...priceableColumns,
      name: products.name,
      slug: products.slug,
      sku: products.sku,
      unitSellingLabel: products.unitSellingLabel,
      stockQuantity: products.stockQuantity,
      weight: products.weight,
      isFreeShipping: products.isFreeShipping,
      vatId: products.vatId,
      vatType: vats.type,
      vatRate: vats.rate,
      vatIsActive: vats.isActive,
      thumbnailPath: files.path,
      thumbnailPreviewPath: files.previewPath,
      // Its variants and its categories in the same statement (decision 0111: a cart read and every
      // checkout read them, a round trip each).
      variants: sql<
        { id: number; variant: string; sku: string | null; qty: number; price: string; colorIds: number[] }[]
      >`coalesce((
        select json_agg(json_build_object('id', ps.id, 'variant', ps.variant, 'sku', ps.sku, 'qty', ps.qty,
          'price', ps.price::text,
          'colorIds', coalesce((select array_agg(psc.color_id) from ${productStockColors} psc where psc.product_stock_id = ps.id), '{}'))
          order by ps.id)
        from ${productStocks} ps where ps.product_id = ${qualified(products.id)}), '[]')`,
      categories: productCategoryRefsColumn,
    })
    .from(products)
    .leftJoin(vats, eq(vats.id, products.vatId))
    .leftJoin(files, eq(files.id, products.thumbnailId))
    .where(and(inIdsPlaceholder(products.id), shopVisibleTo(sql`${sql.placeholder('visibleTo')}::text`)))
    .prepare('shop_items_products'),
);

/** A shop product with what the pricing engine reads of it. */
export type SellableProduct = ShopProduct & { pricingCategoryIds: number[]; priceable: PriceableRow };

type PriceableRow = Omit<PriceableProduct, 'pricingCategoryIds'>;

/** One unit of the product (its variant's price when it names one), for `quantity` units, for the buyer. */
export function shopUnitPrice(
  product: SellableProduct,
  variantId: number | null,
  quantity: number,
  pricing: ShopPricing,
): ShopUnitPrice {
  const item = catalogueItemOf({ ...product.priceable, pricingCategoryIds: product.pricingCategoryIds });
  const variant = variantId === null ? undefined : product.variants.get(variantId);
  const priced = priceItem(item, variant ? { price: variant.price } : null, quantity, pricing);
  return { original: priced.original, final: priced.final, ruleId: ruleUsed(priced, priced.final) };
}
