import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderProduct, VariationLite } from '../../../contracts/catalogue';
import { productStockQuantity } from '../../../domain/catalogue/product-rules';
import { fromDecimal, toDecimal } from '../../../domain/money/money';
import { priceItem } from '../../../domain/pricing/catalogue-price';
import type { Executor } from '../../platform/db/database';
import { qualified } from '../../platform/db/qualified';
import { readTogether } from '../../platform/db/read-together';
import type { Storage } from '../../platform/files/storage';
import { likePattern } from '../../platform/http/paging';
import { files } from '../files';
import {
  PRODUCT_SEARCH_TEXT,
  productStockAttributeValues,
  productStocks,
  products,
  vats,
} from './catalogue.tables';
import { categoryIdsWithParents, type ShopPricing } from './pricing-context';
import {
  catalogueItemOf,
  presentDiscountData,
  presentVatInfo,
  priceableColumns,
  priceProduct,
  thumbnailUrl,
  variantPriceRange,
} from './products-list.presenter';
import { notDeleted } from './products-list.queries';
import { shopVisibleTo } from './shop-visibility';

type VariantRow = {
  id: number;
  productId: number;
  variant: string;
  sku: string | null;
  price: string;
  qty: number;
  attributeValueIds: number[];
};

/** The variants of these products in their display order, with their attribute value ids, in one query. */
async function variantsOf(db: Executor, productIds: readonly number[]): Promise<Map<number, VariantRow[]>> {
  const result = new Map<number, VariantRow[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return result;
  const rows = await db
    .select({
      id: productStocks.id,
      productId: productStocks.productId,
      variant: productStocks.variant,
      sku: productStocks.sku,
      price: productStocks.price,
      qty: productStocks.qty,
      attributeValueIds: sql<
        number[]
      >`coalesce((select array_agg(${qualified(productStockAttributeValues.attributeValueId)} order by ${qualified(productStockAttributeValues.attributeValueId)}) from ${productStockAttributeValues} where ${qualified(productStockAttributeValues.productStockId)} = ${qualified(productStocks.id)}), '{}')`,
    })
    .from(productStocks)
    .where(inArray(productStocks.productId, [...productIds]))
    .orderBy(asc(productStocks.sortOrder), asc(productStocks.id));
  for (const row of rows) result.get(row.productId)?.push(row);
  return result;
}

const orderProductColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  price: products.price,
  hasDiscount: products.hasDiscount,
  discountType: products.discountType,
  discount: products.discount,
  discountStartDate: products.discountStartDate,
  discountEndDate: products.discountEndDate,
  unitSellingLabel: products.unitSellingLabel,
  isVariableProduct: products.isVariableProduct,
  stockQuantity: products.stockQuantity,
  vatId: products.vatId,
  vatType: vats.type,
  vatRate: vats.rate,
  vatIsActive: vats.isActive,
  thumbnailPath: files.path,
  thumbnailPreviewPath: files.previewPath,
};

/**
 * The order form's product search (spec 1 §3, §7 GET /api/order-products?search): active products
 * whose name or SKU holds the text and that the buyer may see, names that start with it first, each
 * with its variants and VAT, priced for the buyer. Two characters at least (the query schema).
 */
export async function searchOrderProducts(
  db: Executor,
  search: string,
  limit: number,
  pricing: ShopPricing,
  storage: Pick<Storage, 'url'>,
  { visibleTo }: { visibleTo: string },
): Promise<OrderProduct[]> {
  const pattern = likePattern(search);
  // The same text without its leading %: names that start with the search.
  const startsWith = pattern.slice(1);
  const rows = await db
    .select(orderProductColumns)
    .from(products)
    .leftJoin(vats, eq(vats.id, products.vatId))
    .leftJoin(files, eq(files.id, products.thumbnailId))
    .where(
      and(
        // Only what the customer could buy in the shop (spec 2 shop visibility).
        shopVisibleTo(visibleTo),
        sql`${PRODUCT_SEARCH_TEXT} ilike ${pattern}`,
      ),
    )
    .orderBy(sql`(${products.name} ilike ${startsWith}) desc`, asc(products.name), asc(products.id))
    .limit(limit);
  const ids = rows.map((r) => r.id);
  const [variants, categoryIds] = await readTogether(db, [
    () => variantsOf(db, ids),
    () => categoryIdsWithParents(db, ids),
  ]);
  return rows.map((row) => {
    const product = { ...row, pricingCategoryIds: categoryIds.get(row.id) ?? [] };
    const productVariants = variants.get(row.id) ?? [];
    const priced = priceProduct(product, productVariants, pricing);
    const item = catalogueItemOf(product);
    const discount = presentDiscountData(priced);
    return {
      id: row.id,
      name: row.name,
      sku: row.sku,
      price: toDecimal(fromDecimal(row.price)),
      discount: row.discount === null ? null : Number(row.discount),
      has_discount: row.hasDiscount,
      discount_start_date: row.discountStartDate,
      discount_end_date: row.discountEndDate,
      unit_selling_label: row.unitSellingLabel,
      is_variable_product: row.isVariableProduct,
      ...variantPriceRange(productVariants),
      product_stocks: productVariants.map((v) => ({
        id: v.id,
        variant: v.variant,
        sku: v.sku,
        price: toDecimal(fromDecimal(v.price)),
        final_price: toDecimal(priceItem(item, { price: fromDecimal(v.price) }, 1, pricing).final),
        qty: v.qty,
      })),
      vat_id: row.vatId,
      vat_info: presentVatInfo(
        row.vatType === null
          ? null
          : { type: row.vatType, rate: row.vatRate ?? '0', isActive: row.vatIsActive ?? false },
        pricing.vat,
      ),
      total_discount_percentage: discount.total_discount_percentage,
      final_price: discount.final_price,
      stock_quantity: productStockQuantity(
        row,
        productVariants.map((v) => v.qty),
      ),
      thumbnail_url: thumbnailUrl(row, storage),
    };
  });
}

/**
 * The variants of several products at once (spec 1 §7 POST /api/products/variants/batch), priced
 * for the session's buyer. Deleted products and ids that name nothing are left out; a product
 * without variants answers an empty list.
 */
export async function variantsBatch(
  db: Executor,
  productIds: readonly number[],
  pricing: ShopPricing,
): Promise<Record<string, VariationLite[]>> {
  const found = await db
    .select(priceableColumns)
    .from(products)
    .where(and(inArray(products.id, [...new Set(productIds)]), notDeleted));
  const ids = found.map((p) => p.id);
  const [variants, categoryIds] = await readTogether(db, [
    () => variantsOf(db, ids),
    () => categoryIdsWithParents(db, ids),
  ]);
  const result: Record<string, VariationLite[]> = {};
  for (const product of found) {
    const item = catalogueItemOf({ ...product, pricingCategoryIds: categoryIds.get(product.id) ?? [] });
    result[String(product.id)] = (variants.get(product.id) ?? []).map((v) => ({
      id: v.id,
      variant: v.variant,
      sku: v.sku,
      price: toDecimal(fromDecimal(v.price)),
      final_price: toDecimal(priceItem(item, { price: fromDecimal(v.price) }, 1, pricing).final),
      qty: v.qty,
      attribute_values: v.attributeValueIds,
    }));
  }
  return result;
}
