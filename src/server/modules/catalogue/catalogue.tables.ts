import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.tables';
import { files } from '../files';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money is numeric(14,2) in the database (docs/decisions/0002). */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const brands = pgTable(
  'brands',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('brands_slug_unique').on(t.slug)],
);

/** Two levels: a top category and its children (spec 2 §9 "Category depth 2"). */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_slug_unique').on(t.slug), index('categories_parent').on(t.parentId)],
);

export const colors = pgTable(
  'colors',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('colors_name_unique').on(t.name)],
);

export const attributes = pgTable(
  'attributes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('attributes_name_unique').on(t.name)],
);

export const attributeValues = pgTable(
  'attribute_values',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    colorCode: text('color_code'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('attribute_values_unique').on(t.attributeId, t.value)],
);

/** spec 2 §3 VAT info: percentage (rate %), fixed (rate = amount per unit), exempt, zero. */
export const vats = pgTable(
  'vats',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    rate: numeric('rate', { precision: 14, scale: 4 }).notNull().default('0'),
    isActive: boolean('is_active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('vats_name_unique').on(t.name)],
);

/** spec 2 §3 Product. Deleting keeps the row (deleted_at) so orders and rentals keep their history. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    sku: text('sku'),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    supplierId: integer('supplier_id').references(() => users.id, { onDelete: 'set null' }),
    vatId: integer('vat_id').references(() => vats.id, { onDelete: 'set null' }),
    description: text('description'),
    price: money('price').notNull().default('0'),
    /**
     * The price lists sort by: a variable product's cheapest variant ("from" price), else its own
     * price. Kept by database triggers on products and product_stocks (migration 0012), so no
     * write path can forget it and the index below serves the sort.
     */
    listPrice: money('list_price').notNull().default('0'),
    buyPrice: money('buy_price'),
    unitSellingLabel: text('unit_selling_label'),
    unitRentalLabel: text('unit_rental_label'),
    weight: numeric('weight', { precision: 10, scale: 3 }),
    isActive: boolean('is_active').notNull().default(true),
    isVariableProduct: boolean('is_variable_product').notNull().default(false),
    isRentalProduct: boolean('is_rental_product').notNull().default(false),
    rentalPrice: money('rental_price'),
    hasDiscount: boolean('has_discount').notNull().default(false),
    discountType: text('discount_type').notNull().default('percent'),
    discount: money('discount'),
    discountStartDate: date('discount_start_date'),
    discountEndDate: date('discount_end_date'),
    /** Roles that see the product in the shop; "guest" for visitors (spec 2 §6). */
    shopVisibility: text('shop_visibility').array().notNull().default(sql`'{guest}'::text[]`),
    isFeatured: boolean('is_featured').notNull().default(false),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    enableShippingFeatures: boolean('enable_shipping_features').notNull().default(false),
    isCashOnDelivery: boolean('is_cash_on_delivery').notNull().default(true),
    isFreeShipping: boolean('is_free_shipping').notNull().default(false),
    isFlatRate: boolean('is_flat_rate').notNull().default(false),
    isProductQuantityMultiple: boolean('is_product_quantity_multiple').notNull().default(false),
    shippingDays: integer('shipping_days'),
    enableSeoFeatures: boolean('enable_seo_features').notNull().default(false),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    seoImageId: integer('seo_image_id').references(() => files.id, { onDelete: 'set null' }),
    seoRobots: text('seo_robots'),
    thumbnailId: integer('thumbnail_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('products_slug_unique').on(t.slug),
    check('products_stock_quantity_not_negative', sql`${t.stockQuantity} >= 0`),
    index('products_brand').on(t.brandId),
    index('products_supplier').on(t.supplierId),
    // The list's default order (newest first, id breaking ties) and the stock sheet's (name, id),
    // each walked in index order so a page reads only its rows (issue 13). Only kept products are
    // in them, so a deep page finds its ids in the index alone, without reading every row before
    // it to see whether it is deleted (issue 18: page 500 of the stock sheet, 37 → 3 ms).
    index('products_recent').on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('products_name').on(t.name, t.id).where(sql`${t.deletedAt} is null`),
    index('products_list_price').on(t.listPrice, t.id).where(sql`${t.deletedAt} is null`),
    // The home page's featured products (a few among many): read without walking the catalogue.
    index('products_featured').on(t.createdAt, t.id).where(sql`${t.isFeatured} and ${t.deletedAt} is null`),
    index('products_search_trgm').using(
      'gin',
      sql`(${t.name} || ' ' || coalesce(${t.sku}, '')) gin_trgm_ops`,
    ),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category').on(t.categoryId),
  ],
);

/** The product's gallery in display order; the thumbnail is products.thumbnail_id. */
export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.fileId] })],
);

/** Variants ("product stocks", spec 1 §3 product_stock_id): a combination of attribute values. */
export const productStocks = pgTable(
  'product_stocks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    sku: text('sku'),
    price: money('price').notNull().default('0'),
    qty: integer('qty').notNull().default(0),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('product_stocks_product').on(t.productId),
    index('product_stocks_sku').on(t.sku),
    // The stock sheet's search looks in variant SKUs too (issue 13).
    index('product_stocks_sku_trgm').using('gin', sql`${t.sku} gin_trgm_ops`),
    check('product_stocks_qty_not_negative', sql`${t.qty} >= 0`),
  ],
);

export const productStockAttributeValues = pgTable(
  'product_stock_attribute_values',
  {
    productStockId: integer('product_stock_id')
      .notNull()
      .references(() => productStocks.id, { onDelete: 'cascade' }),
    attributeValueId: integer('attribute_value_id')
      .notNull()
      .references(() => attributeValues.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.productStockId, t.attributeValueId] }),
    index('product_stock_attribute_values_value').on(t.attributeValueId),
  ],
);

export const productStockColors = pgTable(
  'product_stock_colors',
  {
    productStockId: integer('product_stock_id')
      .notNull()
      .references(() => productStocks.id, { onDelete: 'cascade' }),
    colorId: integer('color_id')
      .notNull()
      .references(() => colors.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.productStockId, t.colorId] })],
);

export const productStockImages = pgTable(
  'product_stock_images',
  {
    productStockId: integer('product_stock_id')
      .notNull()
      .references(() => productStocks.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productStockId, t.fileId] })],
);

/** spec 2 §3 Discount rule. */
export const discountRules = pgTable(
  'discount_rules',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type').notNull(),
    discountType: text('discount_type').notNull().default('percent'),
    discountValue: money('discount_value').notNull(),
    applicableRoles: text('applicable_roles').array().notNull().default(sql`'{}'::text[]`),
    startDate: date('start_date'),
    endDate: date('end_date'),
    priority: integer('priority').notNull().default(1),
    minQuantity: integer('min_quantity'),
    maxUsagePerUser: integer('max_usage_per_user'),
    totalUsageLimit: integer('total_usage_limit'),
    usageCount: integer('usage_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('discount_rules_active').on(t.isActive, t.type)],
);

export const discountRuleProducts = pgTable(
  'discount_rule_products',
  {
    discountRuleId: integer('discount_rule_id')
      .notNull()
      .references(() => discountRules.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.discountRuleId, t.productId] }),
    index('discount_rule_products_product').on(t.productId),
  ],
);

export const discountRuleCategories = pgTable(
  'discount_rule_categories',
  {
    discountRuleId: integer('discount_rule_id')
      .notNull()
      .references(() => discountRules.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.discountRuleId, t.categoryId] }),
    index('discount_rule_categories_category').on(t.categoryId),
  ],
);

/** One row per use of a rule by a buyer (written by orders), for the per-user limit. */
export const discountRuleUsages = pgTable(
  'discount_rule_usages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    discountRuleId: integer('discount_rule_id')
      .notNull()
      .references(() => discountRules.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reference: text('reference'),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('discount_rule_usages_rule_user').on(t.discountRuleId, t.userId),
    index('discount_rule_usages_reference').on(t.reference),
  ],
);

/** A product's search text: exactly the expression of the trigram index products_search_trgm above, so it is used. */
export const PRODUCT_SEARCH_TEXT = sql`(${products.name} || ' ' || coalesce(${products.sku}, ''))`;
