import { and, asc, eq, type Placeholder, sql } from 'drizzle-orm';
import { idParam } from '../../../contracts/common';
import { users } from '../../platform/auth/auth.tables';
import type { SessionSideRead } from '../../platform/auth/session-side-read';
import type { Executor } from '../../platform/db/database';
import { preparedStatement } from '../../platform/db/prepared';
import { qualified } from '../../platform/db/qualified';
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
import { withParents } from './pricing-context';
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

/** One of the product's categories; slug and active flag for the shop's breadcrumbs. */
export type ProductCategoryRef = {
  id: number;
  name: string;
  parentId: number | null;
  slug: string;
  isActive: boolean;
};

/** A product with everything the product form and GET /api/products/{id} show. */
export type ProductDetail = {
  product: ProductRow;
  brand: { id: number; name: string } | null;
  supplier: { id: number; name: string } | null;
  vat: { type: string; rate: string; isActive: boolean } | null;
  categories: ProductCategoryRef[];
  /** The product's categories with their parents, as discount rules match them. */
  pricingCategoryIds: number[];
  galleryFileIds: number[];
  variations: VariationDetail[];
  /** Every file the product and its variations name, by id. */
  files: Map<number, FileRow>;
};

/**
 * The version of a product's row: a new one in every transaction that changes what its reads show
 * (its columns, or its variants, gallery and categories through migration 0038; docs/decisions/0097).
 */
export const productRowVersion = sql<string>`${products}.xmin::text`;

/**
 * The product's variations in display order, each with its attribute values, colours and images,
 * as one JSON column (timestamps and amounts as text, turned back below).
 */
const variationsJson = sql<VariationJson[]>`coalesce((
  select json_agg(json_build_object(
    'id', s.id, 'productId', s.product_id, 'variant', s.variant, 'sku', s.sku,
    'price', s.price::text, 'qty', s.qty, 'fileId', s.file_id, 'metadata', s.metadata,
    'sortOrder', s.sort_order, 'createdAt', s.created_at, 'updatedAt', s.updated_at,
    'attributeValues', coalesce((
      select json_agg(json_build_object(
        'id', av.id, 'attributeId', av.attribute_id, 'attribute', a.name, 'value', av.value,
        'colorCode', av.color_code) order by a.name, a.id, av.sort_order, av.id)
      from ${productStockAttributeValues} sav
      join ${attributeValues} av on av.id = sav.attribute_value_id
      join ${attributes} a on a.id = av.attribute_id
      where sav.product_stock_id = s.id), '[]'),
    'colors', coalesce((
      select json_agg(json_build_object('id', c.id, 'name', c.name, 'code', c.code) order by c.name, c.id)
      from ${productStockColors} sc join ${colors} c on c.id = sc.color_id
      where sc.product_stock_id = s.id), '[]'),
    'galleryFileIds', coalesce((
      select json_agg(si.file_id order by si.sort_order)
      from ${productStockImages} si where si.product_stock_id = s.id), '[]')
  ) order by s.sort_order, s.id)
  from ${productStocks} s where s.product_id = ${qualified(products.id)}), '[]')`;

/** The product's categories by name, with their parents (discount rules on a parent cover them). */
const categoriesJson = sql<ProductCategoryRef[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'name', c.name, 'parentId', c.parent_id, 'slug', c.slug,
    'isActive', c.is_active) order by c.name, c.id)
  from ${productCategories} pc join ${categories} c on c.id = pc.category_id
  where pc.product_id = ${qualified(products.id)}), '[]')`;

const galleryIds = sql<number[]>`coalesce((
  select array_agg(pi.file_id order by pi.sort_order)
  from ${productImages} pi where pi.product_id = ${qualified(products.id)}), '{}')`;

/** Every file the product and its variations name: thumbnail, SEO image, galleries, variation images. */
const filesJson = sql<FileJson[]>`coalesce((
  select json_agg(json_build_object(
    'id', f.id, 'name', f.name, 'path', f.path, 'previewPath', f.preview_path, 'size', f.size,
    'mimeType', f.mime_type, 'extension', f.extension, 'context', f.context, 'width', f.width,
    'height', f.height, 'uploadedBy', f.uploaded_by, 'createdAt', f.created_at))
  from ${files} f
  where f.id in (
    select ${qualified(products.thumbnailId)}
    union all select ${qualified(products.seoImageId)}
    union all select pi.file_id from ${productImages} pi where pi.product_id = ${qualified(products.id)}
    union all select s.file_id from ${productStocks} s where s.product_id = ${qualified(products.id)}
    union all select si.file_id from ${productStockImages} si
      join ${productStocks} s on s.id = si.product_stock_id where s.product_id = ${qualified(products.id)}
  )), '[]')`;

type VariationJson = Omit<VariationDetail, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};
type FileJson = Omit<FileRow, 'createdAt'> & { createdAt: string };

/**
 * GET /api/products/{id}, the product form's saves and the shop's product page read this, so it is
 * one query (issue 13): the product with its brand, supplier and VAT rate, and its categories,
 * gallery, variations and files as JSON columns, instead of nine queries each parsed and planned.
 * Callers add the WHERE that picks the product and prepare it under a name of their own.
 */
export function productDetailSelect(db: Executor) {
  return db
    .select({
      product: products,
      brandName: brands.name,
      supplierName,
      vatType: vats.type,
      vatRate: vats.rate,
      vatIsActive: vats.isActive,
      categories: categoriesJson,
      galleryFileIds: galleryIds,
      variations: variationsJson,
      files: filesJson,
      version: productRowVersion,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(users, eq(users.id, products.supplierId))
    .leftJoin(vats, eq(vats.id, products.vatId));
}

export type ProductDetailRow = Awaited<ReturnType<ReturnType<typeof productDetailSelect>['execute']>>[number];

const productDetailStatement = preparedStatement((db) =>
  productDetailSelect(db)
    .where(and(eq(products.id, sql.placeholder('id')), notDeleted))
    .limit(1)
    .prepare('product_detail'),
);

/**
 * One product that is not deleted, with its brand, supplier, VAT rate, categories, gallery and
 * variations: one query however many variations it has.
 */
export async function findProductDetail(
  db: Executor,
  id: number,
): Promise<(ProductDetail & { version: string }) | null> {
  const [row] = await productDetailStatement(db).execute({ id });
  return row ? { ...toProductDetail(row), version: row.version } : null;
}

/** The live (not deleted) product with this id. */
const liveById = (id: Placeholder) => and(eq(products.id, id), notDeleted)!;

const liveVersionStatement = preparedStatement((db) =>
  db
    .select({ version: productRowVersion })
    .from(products)
    .where(liveById(sql.placeholder('id')))
    .limit(1)
    .prepare('product_version'),
);

/**
 * liveProductVersion read in the session's statement (docs/decisions/0103): the admin's product
 * form and the shop's product JSON. The shop's role is checked when its view is kept
 * (shopProductView), not here.
 */
export const productVersionById: SessionSideRead = {
  name: 'product_version_by_id',
  column: sql`select ${productRowVersion} from ${products} where ${liveById(sql.placeholder('side'))}`,
  input: (params) => {
    const parsed = idParam.safeParse(params);
    return parsed.success ? parsed.data.id : null;
  },
};

/** The version of a product's row (findProductDetail's `version`) when it is not deleted: one index lookup. */
export async function liveProductVersion(db: Executor, id: number): Promise<string | null> {
  const [row] = await liveVersionStatement(db).execute({ id });
  return row?.version ?? null;
}

/** A row of productDetailSelect as the product's detail (JSON timestamps turned back into dates). */
export function toProductDetail(row: ProductDetailRow): ProductDetail {
  const { product } = row;
  const variations: VariationDetail[] = row.variations.map((v) => ({
    ...v,
    createdAt: new Date(v.createdAt),
    updatedAt: new Date(v.updatedAt),
  }));
  const fileMap = new Map<number, FileRow>(
    row.files.map((f) => [f.id, { ...f, createdAt: new Date(f.createdAt) }]),
  );
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
    categories: row.categories,
    pricingCategoryIds: withParents(row.categories),
    galleryFileIds: row.galleryFileIds,
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
