import { and, asc, eq, inArray } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import { type FileRow, files } from '../files';
import {
  attributes,
  attributeValues,
  brands,
  categories,
  colors,
  productCategories,
  productImages,
  productStockAttributeValues,
  productStockColors,
  productStockImages,
  productStocks,
  products,
  vats,
} from './catalogue.tables';
import { categoryIdsWithParents } from './pricing-context';
import { notDeleted } from './products-list.queries';
import { supplierName } from './reference.queries';

export type ProductRow = typeof products.$inferSelect;

export type VariationAttributeValue = {
  id: number;
  attributeId: number;
  attribute: string;
  value: string;
  colorCode: string | null;
};

export type VariationDetail = typeof productStocks.$inferSelect & {
  attributeValues: VariationAttributeValue[];
  colors: { id: number; name: string; code: string }[];
  galleryFileIds: number[];
};

/** A product with everything the product form and GET /api/products/{id} show. */
export type ProductDetail = {
  product: ProductRow;
  brand: { id: number; name: string } | null;
  supplier: { id: number; name: string } | null;
  vat: { type: string; rate: string; isActive: boolean } | null;
  categories: { id: number; name: string; parentId: number | null }[];
  /** The product's categories with their parents, as discount rules match them. */
  pricingCategoryIds: number[];
  galleryFileIds: number[];
  variations: VariationDetail[];
  /** Every file the product and its variations name, by id. */
  files: Map<number, FileRow>;
};

/** The variations of these products in display order, with their attribute values, colours and images. */
async function variationsOf(
  db: Executor,
  productIds: readonly number[],
): Promise<Map<number, VariationDetail[]>> {
  const result = new Map<number, VariationDetail[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return result;
  const stocks = await db
    .select()
    .from(productStocks)
    .where(inArray(productStocks.productId, [...productIds]))
    .orderBy(asc(productStocks.sortOrder), asc(productStocks.id));
  if (stocks.length === 0) return result;
  const stockIds = stocks.map((s) => s.id);
  const [values, stockColors, images] = await Promise.all([
    db
      .select({
        stockId: productStockAttributeValues.productStockId,
        id: attributeValues.id,
        attributeId: attributeValues.attributeId,
        attribute: attributes.name,
        value: attributeValues.value,
        colorCode: attributeValues.colorCode,
      })
      .from(productStockAttributeValues)
      .innerJoin(attributeValues, eq(attributeValues.id, productStockAttributeValues.attributeValueId))
      .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
      .where(inArray(productStockAttributeValues.productStockId, stockIds))
      .orderBy(
        asc(attributes.name),
        asc(attributes.id),
        asc(attributeValues.sortOrder),
        asc(attributeValues.id),
      ),
    db
      .select({
        stockId: productStockColors.productStockId,
        id: colors.id,
        name: colors.name,
        code: colors.code,
      })
      .from(productStockColors)
      .innerJoin(colors, eq(colors.id, productStockColors.colorId))
      .where(inArray(productStockColors.productStockId, stockIds))
      .orderBy(asc(colors.name), asc(colors.id)),
    db
      .select({ stockId: productStockImages.productStockId, fileId: productStockImages.fileId })
      .from(productStockImages)
      .where(inArray(productStockImages.productStockId, stockIds))
      .orderBy(asc(productStockImages.sortOrder)),
  ]);
  const byStock = new Map<number, VariationDetail>();
  for (const stock of stocks) {
    const detail: VariationDetail = { ...stock, attributeValues: [], colors: [], galleryFileIds: [] };
    byStock.set(stock.id, detail);
    result.get(stock.productId)?.push(detail);
  }
  for (const { stockId, ...value } of values) byStock.get(stockId)?.attributeValues.push(value);
  for (const { stockId, ...color } of stockColors) byStock.get(stockId)?.colors.push(color);
  for (const image of images) byStock.get(image.stockId)?.galleryFileIds.push(image.fileId);
  return result;
}

async function filesByIds(db: Executor, ids: readonly number[]): Promise<Map<number, FileRow>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(files).where(inArray(files.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * One product that is not deleted, with its brand, supplier, VAT rate, categories, gallery and
 * variations: a fixed handful of queries however many variations it has.
 */
export async function findProductDetail(db: Executor, id: number): Promise<ProductDetail | null> {
  const [row] = await db
    .select({
      product: products,
      brandName: brands.name,
      supplierName,
      vatType: vats.type,
      vatRate: vats.rate,
      vatIsActive: vats.isActive,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(users, eq(users.id, products.supplierId))
    .leftJoin(vats, eq(vats.id, products.vatId))
    .where(and(eq(products.id, id), notDeleted))
    .limit(1);
  if (!row) return null;
  const { product } = row;
  const [productCategoryRows, pricingCategories, gallery, variations] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(eq(productCategories.productId, id))
      .orderBy(asc(categories.name), asc(categories.id)),
    categoryIdsWithParents(db, [id]),
    db
      .select({ fileId: productImages.fileId })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.sortOrder)),
    variationsOf(db, [id]).then((map) => map.get(id) ?? []),
  ]);
  const galleryFileIds = gallery.map((g) => g.fileId);
  const fileMap = await filesByIds(db, [
    ...(product.thumbnailId === null ? [] : [product.thumbnailId]),
    ...(product.seoImageId === null ? [] : [product.seoImageId]),
    ...galleryFileIds,
    ...variations.flatMap((v) => [...(v.fileId === null ? [] : [v.fileId]), ...v.galleryFileIds]),
  ]);
  return {
    product,
    brand:
      product.brandId !== null && row.brandName !== null
        ? { id: product.brandId, name: row.brandName }
        : null,
    supplier:
      product.supplierId !== null && row.supplierName !== null
        ? { id: product.supplierId, name: row.supplierName }
        : null,
    vat:
      row.vatType === null
        ? null
        : { type: row.vatType, rate: row.vatRate ?? '0', isActive: row.vatIsActive ?? false },
    categories: productCategoryRows,
    pricingCategoryIds: pricingCategories.get(id) ?? [],
    galleryFileIds,
    variations,
    files: fileMap,
  };
}

/** Whether the product exists and is not deleted. */
export async function isLiveProduct(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), notDeleted))
    .limit(1);
  return Boolean(row);
}

export type ProductAttributeRow = {
  id: number;
  name: string;
  values: { id: number; value: string; colorCode: string | null }[];
};

/** The attributes, and of each the values, that the product's variations use (one query). */
export async function productAttributes(db: Executor, productId: number): Promise<ProductAttributeRow[]> {
  const rows = await db
    .selectDistinct({
      attributeId: attributes.id,
      attribute: attributes.name,
      id: attributeValues.id,
      value: attributeValues.value,
      colorCode: attributeValues.colorCode,
      sortOrder: attributeValues.sortOrder,
    })
    .from(productStocks)
    .innerJoin(productStockAttributeValues, eq(productStockAttributeValues.productStockId, productStocks.id))
    .innerJoin(attributeValues, eq(attributeValues.id, productStockAttributeValues.attributeValueId))
    .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
    .where(eq(productStocks.productId, productId))
    .orderBy(
      asc(attributes.name),
      asc(attributes.id),
      asc(attributeValues.sortOrder),
      asc(attributeValues.id),
    );
  const result: ProductAttributeRow[] = [];
  for (const row of rows) {
    let attribute = result.at(-1);
    if (attribute?.id !== row.attributeId) {
      attribute = { id: row.attributeId, name: row.attribute, values: [] };
      result.push(attribute);
    }
    attribute.values.push({ id: row.id, value: row.value, colorCode: row.colorCode });
  }
  return result;
}
