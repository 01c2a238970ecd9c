import { and, eq, inArray, like, ne, notInArray, or } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PRODUCT_MESSAGES as M, type ProductBody, type VariationBody } from '../../../contracts/catalogue';
import { visibilityFor } from '../../../domain/catalogue/product-rules';
import { slugify } from '../../../domain/catalogue/slug';
import { addFieldError, type FieldErrors, fieldError, validationError } from '../../../domain/errors';
import { fromDecimal, toDecimalText } from '../../../domain/money/money';
import { audit } from '../../platform/audit/audit';
import { users } from '../../platform/auth/auth.tables';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/database-errors';
import { notFound } from '../../platform/http/errors';
import { files } from '../files';
import { discardStock, setInitialStock } from '../stock';
import {
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
import { findProductDetail, type ProductDetail, type ProductRow } from './product.queries';
import { notDeleted } from './products-list.queries';
import { holdsSupplierRole } from './reference.queries';

/** Who saves a product, for the audit row; a seeder may save as nobody. */
export type ProductActor = { userId: number | null; ip: string | null };

/** What saving needs of the app: its database and clock (a seeder passes its own). */
export type ProductSaveContext = Pick<AppContext, 'db' | 'now'>;

/** The product row, locked for the rest of the transaction; a missing or deleted product is a 404. */
export async function lockLiveProduct(tx: Tx, id: number): Promise<ProductRow> {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), notDeleted))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * Runs a save whose slug must be unique. The use case checks first for a clear answer; the unique
 * index still decides when two saves take the same slug at the same moment.
 */
export async function withUniqueSlug<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error, 'products_slug_unique')) throw fieldError('slug', M.slugTaken);
    throw error;
  }
}

/**
 * Which of these ids name a row. The key-share lock keeps the row from being deleted until the
 * product that now refers to it is saved (the deletes count their products under a row lock).
 */
async function existingIds(
  tx: Tx,
  table: PgTable,
  column: AnyPgColumn,
  ids: readonly number[],
): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const rows = await tx.select({ id: column }).from(table).where(inArray(column, wanted)).for('key share');
  return new Set(rows.map((r) => r.id as number));
}

/** Users holding the supplier role (spec 2 §7 /api/suppliers lists the same people). */
async function supplierIds(tx: Tx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), holdsSupplierRole))
    .for('key share');
  return new Set(rows.map((r) => r.id));
}

const present = (id: number | null | undefined): number[] => (id == null ? [] : [id]);

/** The ids a save refers to: the whole form, or one field of it. */
export type ProductReferences = Partial<
  Pick<
    ProductBody,
    'brand_id' | 'vat_id' | 'supplier_id' | 'category_ids' | 'thumbnail_id' | 'gallery_images' | 'seo'
  >
> & { variations?: readonly VariationBody[] };

/**
 * Every id the body names must name a record (a supplier: a user with the supplier role); each
 * that does not is a 422 on its field with "This choice no longer exists." Variation fields are
 * keyed by the variation's place in the list ("variations.0.attribute_values").
 */
export async function checkReferences(tx: Tx, refs: ProductReferences, errors: FieldErrors): Promise<void> {
  const variations = refs.variations ?? [];
  const fileIds = [
    ...present(refs.thumbnail_id),
    ...present(refs.seo?.image_id),
    ...(refs.gallery_images ?? []),
    ...variations.flatMap((v) => [...present(v.file_id), ...v.gallery_images]),
  ];
  // One after the other: a transaction is one connection, and node-postgres wants one query at a time.
  const brandSet = await existingIds(tx, brands, brands.id, present(refs.brand_id));
  const categorySet = await existingIds(tx, categories, categories.id, refs.category_ids ?? []);
  const supplierSet = await supplierIds(tx, present(refs.supplier_id));
  const vatSet = await existingIds(tx, vats, vats.id, present(refs.vat_id));
  const fileSet = await existingIds(tx, files, files.id, fileIds);
  const valueSet = await existingIds(
    tx,
    attributeValues,
    attributeValues.id,
    variations.flatMap((v) => v.attribute_values),
  );
  const colorSet = await existingIds(
    tx,
    colors,
    colors.id,
    variations.flatMap((v) => v.color_ids),
  );
  const missing = (id: number | null | undefined, found: Set<number>) => id != null && !found.has(id);
  const anyMissing = (ids: readonly number[] | undefined, found: Set<number>) =>
    (ids ?? []).some((id) => !found.has(id));
  if (missing(refs.brand_id, brandSet)) addFieldError(errors, 'brand_id', M.unknownReference);
  if (anyMissing(refs.category_ids, categorySet)) addFieldError(errors, 'category_ids', M.unknownReference);
  if (missing(refs.supplier_id, supplierSet)) addFieldError(errors, 'supplier_id', M.unknownReference);
  if (missing(refs.vat_id, vatSet)) addFieldError(errors, 'vat_id', M.unknownReference);
  if (missing(refs.thumbnail_id, fileSet)) addFieldError(errors, 'thumbnail_id', M.unknownReference);
  if (anyMissing(refs.gallery_images, fileSet)) addFieldError(errors, 'gallery_images', M.unknownReference);
  if (missing(refs.seo?.image_id, fileSet)) addFieldError(errors, 'seo.image_id', M.unknownReference);
  variations.forEach((v, i) => {
    if (missing(v.file_id, fileSet)) addFieldError(errors, `variations.${i}.file_id`, M.unknownReference);
    if (anyMissing(v.gallery_images, fileSet))
      addFieldError(errors, `variations.${i}.gallery_images`, M.unknownReference);
    if (anyMissing(v.attribute_values, valueSet))
      addFieldError(errors, `variations.${i}.attribute_values`, M.unknownReference);
    if (anyMissing(v.color_ids, colorSet))
      addFieldError(errors, `variations.${i}.color_ids`, M.unknownReference);
  });
}

/**
 * Variations are matched by id: an id must be one of this product's variations, and only once;
 * anything else (another product's variation, a deleted one) is a 422 on that variation.
 */
function checkVariationIds(
  variations: readonly VariationBody[],
  ownIds: ReadonlySet<number>,
  errors: FieldErrors,
): void {
  const seen = new Set<number>();
  variations.forEach((v, i) => {
    if (v.id === undefined) return;
    if (!ownIds.has(v.id) || seen.has(v.id)) addFieldError(errors, `variations.${i}.id`, M.unknownReference);
    seen.add(v.id);
  });
}

/** The lowest free of `base`, `base-2`, `base-3`… among every product but this one (deleted ones keep theirs). */
async function freeSlug(tx: Tx, base: string, exceptId: number | null): Promise<string> {
  // Slugs hold only a-z, 0-9 and dashes, so the pattern has no wildcard of its own.
  const rows = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(
        or(eq(products.slug, base), like(products.slug, `${base}-%`)),
        exceptId === null ? undefined : ne(products.id, exceptId),
      ),
    );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

/**
 * spec 2 §5: a slug typed in must be free (422 otherwise); an empty one is made from the name and
 * made unique with -2, -3…
 */
async function chooseSlug(
  tx: Tx,
  body: ProductBody,
  id: number | null,
  errors: FieldErrors,
): Promise<string> {
  if (body.slug) {
    const [taken] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.slug, body.slug), id === null ? undefined : ne(products.id, id)))
      .limit(1);
    if (taken) addFieldError(errors, 'slug', M.slugTaken);
    return body.slug;
  }
  // Room for a "-123" suffix within the 255 characters a slug may have.
  const base = slugify(body.name).slice(0, 240).replace(/-+$/, '');
  if (base === '') {
    addFieldError(errors, 'slug', M.slugEmpty);
    return '';
  }
  return freeSlug(tx, base, id);
}

const money = (value: number) => toDecimalText(fromDecimal(value));
const optionalMoney = (value: number | undefined) => (value === undefined ? null : money(value));
const unique = (ids: readonly number[]) => [...new Set(ids)];

function columnsOf(body: ProductBody, slug: string) {
  return {
    name: body.name,
    slug,
    sku: body.sku ?? null,
    brandId: body.brand_id ?? null,
    supplierId: body.supplier_id ?? null,
    vatId: body.vat_id ?? null,
    description: body.description ?? null,
    price: money(body.price),
    buyPrice: optionalMoney(body.buy_price),
    unitSellingLabel: body.unit_selling_label ?? null,
    unitRentalLabel: body.unit_rental_label ?? null,
    weight: body.weight === undefined ? null : body.weight.toFixed(3),
    isActive: body.is_active,
    isVariableProduct: body.is_variable_product,
    isRentalProduct: body.is_rental_product,
    rentalPrice: optionalMoney(body.rental_price),
    hasDiscount: body.has_discount,
    discountType: body.discount_type,
    discount: optionalMoney(body.discount),
    discountStartDate: body.discount_start_date,
    discountEndDate: body.discount_end_date,
    // spec 2 §4: an inactive product is shown to nobody.
    shopVisibility: visibilityFor(body.is_active, body.shop_visibility),
    isFeatured: body.is_featured,
    lowStockThreshold: body.low_stock_threshold,
    enableShippingFeatures: body.enable_shipping_features,
    isCashOnDelivery: body.is_cash_on_delivery,
    isFreeShipping: body.is_free_shipping,
    isFlatRate: body.is_flat_rate,
    isProductQuantityMultiple: body.is_product_quantity_multiple,
    shippingDays: body.shipping_days ?? null,
    enableSeoFeatures: body.enable_seo_features,
    seoTitle: body.seo.title ?? null,
    seoDescription: body.seo.description ?? null,
    seoImageId: body.seo.image_id ?? null,
    seoRobots: body.seo.robots ?? null,
    thumbnailId: body.thumbnail_id ?? null,
  };
}
type ProductColumns = ReturnType<typeof columnsOf>;

/** The columns a save changed, as the audit row records them: `{ column: { from, to } }`. */
function changesBetween(
  before: ProductRow,
  after: ProductColumns,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [column, to] of Object.entries(after)) {
    const from = before[column as keyof ProductRow];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[column] = { from, to };
  }
  return changes;
}

/** The product's categories and gallery become exactly the ones sent. */
async function replaceCategoriesAndGallery(tx: Tx, productId: number, body: ProductBody): Promise<void> {
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  const categoryIds = unique(body.category_ids);
  if (categoryIds.length > 0) {
    await tx.insert(productCategories).values(categoryIds.map((categoryId) => ({ productId, categoryId })));
  }
  const gallery = unique(body.gallery_images);
  if (gallery.length > 0) {
    await tx
      .insert(productImages)
      .values(gallery.map((fileId, sortOrder) => ({ productId, fileId, sortOrder })));
  }
}

function variationColumns(v: VariationBody, sortOrder: number, now: Date) {
  return {
    variant: v.variant,
    // The browser generates a SKU for an empty one (spec 2 §5); the server keeps what it gets.
    sku: v.sku ?? null,
    price: money(v.price),
    fileId: v.file_id ?? null,
    metadata: v.metadata ?? {},
    sortOrder,
    updatedAt: now,
  };
}

type VariationChanges = {
  added: number;
  updated: number;
  removed: number;
  /** The new variations' ids with the stock the form gave them. */
  created: { id: number; qty: number }[];
};

/**
 * The product's variations become the ones sent (a simple product keeps none): ids that are sent
 * are updated, new ones inserted, the rest deleted; each keeps its attribute values, colours and
 * images as sent.
 */
async function replaceVariations(
  tx: Tx,
  productId: number,
  variations: readonly VariationBody[],
  ownIds: ReadonlySet<number>,
  now: Date,
): Promise<VariationChanges> {
  const keptIds = variations.flatMap((v) => (v.id === undefined ? [] : [v.id]));
  const removed = [...ownIds].filter((id) => !keptIds.includes(id)).length;
  if (removed > 0) {
    await tx
      .delete(productStocks)
      .where(
        and(
          eq(productStocks.productId, productId),
          keptIds.length > 0 ? notInArray(productStocks.id, keptIds) : undefined,
        ),
      );
  }
  if (keptIds.length > 0) {
    await tx
      .delete(productStockAttributeValues)
      .where(inArray(productStockAttributeValues.productStockId, keptIds));
    await tx.delete(productStockColors).where(inArray(productStockColors.productStockId, keptIds));
    await tx.delete(productStockImages).where(inArray(productStockImages.productStockId, keptIds));
  }
  for (const [sortOrder, v] of variations.entries()) {
    if (v.id === undefined) continue;
    await tx
      .update(productStocks)
      .set(variationColumns(v, sortOrder, now))
      .where(and(eq(productStocks.id, v.id), eq(productStocks.productId, productId)));
  }
  const added = variations.flatMap((v, sortOrder) =>
    v.id === undefined ? [{ ...variationColumns(v, sortOrder, now), productId, createdAt: now }] : [],
  );
  // The new rows come back with their place in the list, which says which variation each one is.
  const createdIds = new Map<number, number>();
  if (added.length > 0) {
    const created = await tx
      .insert(productStocks)
      .values(added)
      .returning({ id: productStocks.id, sortOrder: productStocks.sortOrder });
    for (const row of created) createdIds.set(row.sortOrder, row.id);
  }
  const stockIds = variations.map((v, sortOrder) => v.id ?? createdIds.get(sortOrder)!);
  const valueRows = variations.flatMap((v, i) =>
    unique(v.attribute_values).map((attributeValueId) => ({
      productStockId: stockIds[i]!,
      attributeValueId,
    })),
  );
  const colorRows = variations.flatMap((v, i) =>
    unique(v.color_ids).map((colorId) => ({ productStockId: stockIds[i]!, colorId })),
  );
  const imageRows = variations.flatMap((v, i) =>
    unique(v.gallery_images).map((fileId, sortOrder) => ({
      productStockId: stockIds[i]!,
      fileId,
      sortOrder,
    })),
  );
  if (valueRows.length > 0) await tx.insert(productStockAttributeValues).values(valueRows);
  if (colorRows.length > 0) await tx.insert(productStockColors).values(colorRows);
  if (imageRows.length > 0) await tx.insert(productStockImages).values(imageRows);
  const created = variations.flatMap((v, sortOrder) =>
    v.id === undefined ? [{ id: createdIds.get(sortOrder)!, qty: v.qty }] : [],
  );
  return { added: added.length, updated: keptIds.length, removed, created };
}

/**
 * POST /admin/products (id null) and PUT /admin/products/{id} (spec 2 §2, §7): the product, its
 * categories, gallery and variations, and the audit row, in one transaction. The server derives
 * what it must not trust: the slug when empty, visibility cleared when inactive (spec 2 §4), a
 * variable product's stock as the sum of its variations' quantities. Every id it names must exist.
 *
 * Stock goes through the stock service (docs/decisions/0022): a new item (product, variation, or a
 * product that became simple) gets the form's quantity as its initial stock; an existing item's
 * quantity in the body is not applied (it changes on the stock sheet, so a form opened before a
 * sale cannot write back the old count); a removed variation's stock, or a simple product's own
 * stock when it becomes variable, is taken out with a movement.
 */
export async function saveProduct(
  ctx: ProductSaveContext,
  actor: ProductActor,
  id: number | null,
  body: ProductBody,
): Promise<ProductDetail> {
  const savedId = await withUniqueSlug(() =>
    ctx.db.transaction(async (tx) => {
      const before = id === null ? null : await lockLiveProduct(tx, id);
      const ownIds = new Set(
        before === null
          ? []
          : (
              await tx
                .select({ id: productStocks.id })
                .from(productStocks)
                .where(eq(productStocks.productId, before.id))
                .for('update')
            ).map((r) => r.id),
      );
      // A simple product has no variations: whatever the form still holds of them is not saved.
      const variations = body.is_variable_product ? body.variations : [];
      const errors: FieldErrors = {};
      const slug = await chooseSlug(tx, body, id, errors);
      await checkReferences(tx, { ...body, variations }, errors);
      checkVariationIds(variations, ownIds, errors);
      if (Object.keys(errors).length > 0) throw validationError(errors);

      const now = ctx.now();
      const stockNote = { userId: actor.userId, notes: 'Product form' };
      if (before !== null) {
        const keptIds = new Set(variations.flatMap((v) => (v.id === undefined ? [] : [v.id])));
        for (const variantId of ownIds) {
          if (!keptIds.has(variantId))
            await discardStock(tx, { productId: before.id, variantId, ...stockNote });
        }
        if (!before.isVariableProduct && body.is_variable_product)
          await discardStock(tx, { productId: before.id, variantId: null, ...stockNote });
      }
      const columns = columnsOf(body, slug);
      let productId: number;
      if (before === null) {
        const [created] = await tx
          .insert(products)
          .values({ ...columns, stockQuantity: 0, createdAt: now, updatedAt: now })
          .returning({ id: products.id });
        productId = created!.id;
      } else {
        await tx
          .update(products)
          .set({ ...columns, updatedAt: now })
          .where(eq(products.id, before.id));
        productId = before.id;
      }
      await replaceCategoriesAndGallery(tx, productId, body);
      const variationChanges = await replaceVariations(tx, productId, variations, ownIds, now);
      if (!body.is_variable_product && (before === null || before.isVariableProduct)) {
        await setInitialStock(tx, {
          productId,
          variantId: null,
          quantity: body.stock_quantity,
          ...stockNote,
        });
      }
      for (const variation of variationChanges.created) {
        await setInitialStock(tx, {
          productId,
          variantId: variation.id,
          quantity: variation.qty,
          ...stockNote,
        });
      }
      await audit(tx, {
        actorUserId: actor.userId,
        action: before ? 'product.updated' : 'product.created',
        subjectType: 'product',
        subjectId: productId,
        data: before
          ? {
              name: body.name,
              changes: changesBetween(before, columns),
              category_ids: unique(body.category_ids),
              variations: {
                added: variationChanges.added,
                updated: variationChanges.updated,
                removed: variationChanges.removed,
              },
            }
          : {
              name: body.name,
              slug,
              sku: columns.sku,
              is_variable_product: body.is_variable_product,
              variations: variationChanges.added,
            },
        ip: actor.ip,
      });
      return productId;
    }),
  );
  return (await findProductDetail(ctx.db, savedId))!;
}
