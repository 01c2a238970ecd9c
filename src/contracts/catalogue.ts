import { z } from 'zod';
import { SHOP_VISIBILITY_ROLES } from '../domain/catalogue/product-rules';
import { parseIsoDate } from '../domain/dates/date-format';
import { hasAtMostDecimals } from '../domain/money/number-text';
import type { Paged } from '../domain/paging/paging';
import {
  formBoolean,
  listQuery,
  moneyAmount,
  optionalText,
  parseNumberText,
  perPageParam,
  recordId,
  searchText,
  wholeNumber,
} from './common';
import type { FileReply } from './files';

/** Product messages (spec 2 §5, §8; the spec gives no words for these, so they are the shop's own). */
export const PRODUCT_MESSAGES = {
  name: 'The product name is required.',
  price: 'The price must be a number of 0 or more.',
  slugTaken: 'The slug has already been taken.',
  slugFormat: 'The slug may only contain lower-case letters, digits and dashes.',
  slugEmpty: 'Please enter a slug: it needs letters or digits, and the name has none to make one from.',
  variationsRequired: 'A variable product needs at least one variation.',
  variationName: 'Each variation needs a name.',
  variationPrice: 'The variation price must be a number of 0 or more.',
  variationQty: 'The quantity must be a whole number of 0 or more.',
  percentDiscount: 'A percent discount must be between 0 and 100.',
  discountRequired: 'Enter the discount.',
  discountDates: 'The discount end date cannot be before its start date.',
  date: 'Please enter a valid date.',
  visibility: 'Unknown shop visibility role.',
  unknownReference: 'This choice no longer exists.',
  saved: 'Product saved successfully.',
  created: 'Product created successfully.',
  deleted: 'Product deleted successfully.',
  rentalPrice: 'A rental product needs a rental price of 0 or more.',
  imagesReordered: 'Images reordered successfully.',
  quantityMax: 'The quantity may not be more than 1,000,000.',
  weight: 'The weight must be a number from 0 to 9,999,999.',
  weightDecimals: 'The weight may have at most 3 decimals.',
} as const;

/** Amounts arrive as numbers or decimal text ("12.50") with at most two decimals (issue 11). */
const amount = (message: string) => moneyAmount(message);
const optionalAmount = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), amount(message).optional());
/** A measure (weight) from a form: decimal text or a number, as many decimals as typed. */
const optionalMeasure = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : parseNumberText(v)),
    z.number({ error: message }).finite(message).min(0, message).max(9_999_999_999, message).optional(),
  );

/**
 * Quantities fit the database's integer columns with room to spare: a variable product's stock is
 * the sum of up to 500 variations.
 */
const QUANTITY_MAX = 1_000_000;

const isoDate = z
  .string()
  .refine((v) => parseIsoDate(v) !== null, PRODUCT_MESSAGES.date)
  .nullable()
  .optional()
  .transform((v) => v || null);

const idList = z.array(recordId).default([]);

export const variationBody = z.object({
  id: recordId.optional(),
  variant: z
    .string({ error: PRODUCT_MESSAGES.variationName })
    .trim()
    .min(1, PRODUCT_MESSAGES.variationName)
    .max(200),
  sku: optionalText(100),
  price: amount(PRODUCT_MESSAGES.variationPrice),
  qty: z.preprocess(
    parseNumberText,
    z
      .number({ error: PRODUCT_MESSAGES.variationQty })
      .int(PRODUCT_MESSAGES.variationQty)
      .min(0, PRODUCT_MESSAGES.variationQty)
      .max(QUANTITY_MAX, PRODUCT_MESSAGES.quantityMax),
  ),
  file_id: recordId.nullable().optional(),
  gallery_images: idList,
  attribute_values: idList,
  color_ids: idList,
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type VariationBody = z.infer<typeof variationBody>;

/**
 * The product form (spec 2 §3 Product), posted to POST /admin/products and PUT /admin/products/{id}.
 * The server derives what it must not trust: slug when empty, visibility cleared when inactive.
 */
export const productBody = z
  .object({
    name: z.string({ error: PRODUCT_MESSAGES.name }).trim().min(1, PRODUCT_MESSAGES.name).max(255),
    slug: z
      .string()
      .trim()
      .max(255)
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v), PRODUCT_MESSAGES.slugFormat),
    sku: optionalText(100),
    brand_id: recordId.nullable().optional(),
    category_ids: idList,
    supplier_id: recordId.nullable().optional(),
    vat_id: recordId.nullable().optional(),
    description: optionalText(20_000),
    price: amount(PRODUCT_MESSAGES.price),
    buy_price: optionalAmount(PRODUCT_MESSAGES.price),
    unit_selling_label: optionalText(50),
    unit_rental_label: optionalText(50),
    // numeric(10,3) in the database.
    weight: optionalMeasure(PRODUCT_MESSAGES.weight)
      .refine((v) => v === undefined || v < 10_000_000, PRODUCT_MESSAGES.weight)
      .refine((v) => v === undefined || hasAtMostDecimals(v, 3), PRODUCT_MESSAGES.weightDecimals),
    is_active: formBoolean.default(true),
    is_variable_product: formBoolean.default(false),
    is_rental_product: formBoolean.default(false),
    rental_price: optionalAmount(PRODUCT_MESSAGES.rentalPrice),
    has_discount: formBoolean.default(false),
    discount_type: z.enum(['percent', 'fixed']).default('percent'),
    discount: optionalAmount(PRODUCT_MESSAGES.price),
    discount_start_date: isoDate,
    discount_end_date: isoDate,
    shop_visibility: z
      .array(z.enum(SHOP_VISIBILITY_ROLES, { error: PRODUCT_MESSAGES.visibility }))
      .default(['guest']),
    is_featured: formBoolean.default(false),
    stock_quantity: z
      .preprocess(
        parseNumberText,
        z
          .number({ error: PRODUCT_MESSAGES.variationQty })
          .int(PRODUCT_MESSAGES.variationQty)
          .min(0, PRODUCT_MESSAGES.variationQty)
          .max(QUANTITY_MAX, PRODUCT_MESSAGES.quantityMax),
      )
      .default(0),
    low_stock_threshold: z
      .preprocess(
        parseNumberText,
        z
          .number({ error: PRODUCT_MESSAGES.variationQty })
          .int(PRODUCT_MESSAGES.variationQty)
          .min(0, PRODUCT_MESSAGES.variationQty)
          .max(QUANTITY_MAX, PRODUCT_MESSAGES.quantityMax),
      )
      .default(5),
    enable_shipping_features: formBoolean.default(false),
    is_cash_on_delivery: formBoolean.default(true),
    is_free_shipping: formBoolean.default(false),
    is_flat_rate: formBoolean.default(false),
    is_product_quantity_multiple: formBoolean.default(false),
    shipping_days: wholeNumber('The shipping days must be a whole number from 0 to 365.', { max: 365 })
      .nullable()
      .optional(),
    enable_seo_features: formBoolean.default(false),
    seo: z
      .object({
        title: optionalText(255),
        description: optionalText(1000),
        image_id: recordId.nullable().optional(),
        robots: optionalText(100),
      })
      .default({}),
    thumbnail_id: recordId.nullable().optional(),
    gallery_images: idList,
    variations: z.array(variationBody).max(500).default([]),
  })
  .superRefine((p, ctx) => {
    if (p.is_variable_product && p.variations.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['variations'], message: PRODUCT_MESSAGES.variationsRequired });
    }
    if (p.has_discount) {
      if (p.discount === undefined)
        ctx.addIssue({ code: 'custom', path: ['discount'], message: PRODUCT_MESSAGES.discountRequired });
      else if (p.discount_type === 'percent' && p.discount > 100) {
        ctx.addIssue({ code: 'custom', path: ['discount'], message: PRODUCT_MESSAGES.percentDiscount });
      }
    }
    if (p.discount_start_date && p.discount_end_date && p.discount_end_date < p.discount_start_date) {
      ctx.addIssue({ code: 'custom', path: ['discount_end_date'], message: PRODUCT_MESSAGES.discountDates });
    }
    if (p.is_rental_product && p.rental_price === undefined) {
      ctx.addIssue({ code: 'custom', path: ['rental_price'], message: PRODUCT_MESSAGES.rentalPrice });
    }
  });
export type ProductBody = z.infer<typeof productBody>;
export type ProductInput = z.input<typeof productBody>;

/** Single-field updates (spec 2 §7: POST /admin/products/{id} with PUT override, brand_id / vat_id / supplier_id). */
export const productFieldBody = z
  .object({
    brand_id: recordId.nullable().optional(),
    vat_id: recordId.nullable().optional(),
    supplier_id: recordId.nullable().optional(),
  })
  .refine((v) => Object.keys(v).length === 1, 'Send exactly one of brand_id, vat_id or supplier_id.');

export type ProductFieldBody = z.infer<typeof productFieldBody>;

/** The fields a single-field update may carry (spec 2 §7). */
export const PRODUCT_FIELD_KEYS = ['brand_id', 'vat_id', 'supplier_id'] as const;
/** Method override and CSRF token: sent with a form, never product fields. */
const TRANSPORT_KEYS = new Set(['_method', '_token']);

/** A body that holds exactly one of brand_id, vat_id or supplier_id and nothing else. */
export function isSingleFieldUpdate(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body).filter((key) => !TRANSPORT_KEYS.has(key));
  return keys.length === 1 && (PRODUCT_FIELD_KEYS as readonly string[]).includes(keys[0]!);
}

export type ProductUpdate =
  | { kind: 'form'; form: ProductBody }
  | { kind: 'field'; field: z.infer<typeof productFieldBody> };

/**
 * PUT /admin/products/{id} (POST with _method=PUT): the whole form, or a single-field update when
 * the body holds one of brand_id / vat_id / supplier_id alone. Each is checked by its own schema,
 * so its messages keep their field names.
 */
export const productUpdateBody = z.unknown().transform((value, ctx): ProductUpdate => {
  const single = isSingleFieldUpdate(value);
  const result = single ? productFieldBody.safeParse(value) : productBody.safeParse(value ?? {});
  if (!result.success) {
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  }
  return single
    ? { kind: 'field', field: result.data as z.infer<typeof productFieldBody> }
    : { kind: 'form', form: result.data as ProductBody };
});

/** POST /api/products/{id}/reorder-images: file ids in order; the first is the thumbnail. */
export const reorderImagesBody = z.object({
  image_order: z.array(recordId).min(1, 'Send the images in their new order.').max(100),
});

export const PRODUCT_SORTS = ['created_at', 'name', 'price', 'stock_quantity'] as const;

export const productListQuery = listQuery({
  sorts: PRODUCT_SORTS,
  defaultSort: 'created_at',
  // spec 2 §9: most admin lists show 10 per page (the user list 15).
  defaultPerPage: 10,
  defaultDirection: 'desc',
}).extend({
  category_id: recordId.optional(),
  brand_id: recordId.optional(),
  supplier_id: recordId.optional(),
  is_active: z.enum(['1', '0']).optional(),
  is_rental: z.enum(['1', '0']).optional(),
  stock_status: z.enum(['in_stock', 'low_stock', 'out_of_stock']).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;
export const productExportQuery = productListQuery.omit({ page: true, per_page: true });

/**
 * POST /admin/products/bulk-status. `is_active` must be sent: a missing flag must not quietly
 * deactivate (and clear the visibility of) every selected product.
 */
export const bulkProductsBody = z.object({
  product_ids: z.array(recordId).min(1, 'Select at least one product.').max(500),
  is_active: z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])], {
      error: 'Choose whether to activate or deactivate.',
    })
    .transform((v) => v === true || v === '1' || v === 'true'),
});

/** The product list's own words (spec 1 §8 gives the failure messages; these are the shop's). */
export const PRODUCT_LIST_MESSAGES = {
  searchTooShort: 'Type at least 2 characters to search.',
  activated: (n: number) => (n === 1 ? '1 product activated.' : `${n} products activated.`),
  deactivated: (n: number) => (n === 1 ? '1 product deactivated.' : `${n} products deactivated.`),
} as const;

/** GET /api/order-products?search (spec 1 §9: product search needs 2 characters; a missing search too). */
export const orderProductsQuery = z.object({
  search: searchText.refine((s) => s !== undefined && s.length >= 2, PRODUCT_LIST_MESSAGES.searchTooShort),
  per_page: perPageParam(20, 50),
  /** The order's customer: products and prices as that customer would see them (issue 12). */
  customer_id: recordId.optional(),
});

/** POST /api/products/variants/batch. */
export const variantsBatchBody = z.object({
  product_ids: z.array(recordId).min(1).max(200),
  customer_id: recordId.nullable().optional(),
});

/** POST /admin/products/bulk-status: how many products changed. */
export type BulkStatusReply = { success: true; message: string; updated_count: number };

// ——— Replies ———

export type VatInfoReply = {
  vat_status: 'active' | 'inactive';
  type: 'percentage' | 'fixed' | 'exempt' | 'zero';
  rate: number;
};

/** spec 3 §3 Storefront product discount_data, also shown in the back office. */
export type DiscountData = {
  has_discount: boolean;
  final_price: number;
  original_price: number;
  total_discount_percentage: number;
  total_discount_amount: number;
  source: 'rule' | 'product' | 'none';
  rule: { id: number; name: string; type: string } | null;
};

export type VariationReply = {
  id: number;
  variant: string;
  sku: string | null;
  price: number;
  qty: number;
  file_id: number | null;
  image: FileReply | null;
  gallery_images: FileReply[];
  attribute_values: number[];
  attribute_data: {
    id: number;
    attribute_id: number;
    attribute: string;
    value: string;
    color_code: string | null;
  }[];
  color_ids: number[];
  colors: { id: number; name: string; code: string }[];
  metadata: Record<string, unknown>;
  discount_data: DiscountData;
};

export type ProductReply = {
  id: number;
  name: string;
  slug: string;
  sku: string | null;
  brand_id: number | null;
  brand: { id: number; name: string } | null;
  category_ids: number[];
  categories: { id: number; name: string; parent_id: number | null }[];
  supplier_id: number | null;
  supplier: { id: number; name: string } | null;
  vat_id: number | null;
  vat_info: VatInfoReply | null;
  description: string | null;
  price: number;
  buy_price: number | null;
  unit_selling_label: string | null;
  unit_rental_label: string | null;
  weight: number | null;
  is_active: boolean;
  is_variable_product: boolean;
  is_rental_product: boolean;
  rental_price: number | null;
  has_discount: boolean;
  discount_type: 'percent' | 'fixed';
  discount: number | null;
  discount_start_date: string | null;
  discount_end_date: string | null;
  shop_visibility: string[];
  shop_visibility_label: string;
  is_featured: boolean;
  stock_quantity: number;
  low_stock_threshold: number;
  stock_status: 'in_stock' | 'low_stock' | 'out_of_stock';
  enable_shipping_features: boolean;
  is_cash_on_delivery: boolean;
  is_free_shipping: boolean;
  is_flat_rate: boolean;
  is_product_quantity_multiple: boolean;
  shipping_days: number | null;
  enable_seo_features: boolean;
  seo: {
    title: string | null;
    description: string | null;
    image_id: number | null;
    image: FileReply | null;
    robots: string | null;
  };
  thumbnail_id: number | null;
  thumbnail: FileReply | null;
  gallery_images: FileReply[];
  variations: VariationReply[];
  min_variant_price: number | null;
  max_variant_price: number | null;
  has_price_range: boolean;
  discount_data: DiscountData;
  total_discount_percentage: number;
  created_at: string;
  updated_at: string;
};

/** POST /admin/products (201) and PUT /admin/products/{id}. */
export type ProductSaveReply = { success: true; message: string; product: ProductReply };

/** GET /api/products/{id}/variants and GET /admin/products/{id}/variants. */
export type ProductVariantsReply = { data: VariationReply[] };

/** GET /admin/products/{id}/attributes: the attributes and values the product's variations use. */
export type ProductAttributesReply = {
  data: {
    id: number;
    name: string;
    values: { id: number; value: string; color_code: string | null }[];
  }[];
};

/** POST /api/products/{id}/reorder-images: the new thumbnail and the gallery's file ids in order. */
export type ReorderImagesReply = {
  success: true;
  message: string;
  thumbnail_id: number;
  gallery_images: number[];
};

export type ProductListItem = {
  id: number;
  name: string;
  slug: string;
  sku: string | null;
  thumbnail_url: string | null;
  price: number;
  final_price: number;
  min_variant_price: number | null;
  max_variant_price: number | null;
  has_price_range: boolean;
  brand: string | null;
  categories: string[];
  supplier: string | null;
  is_active: boolean;
  is_variable_product: boolean;
  is_rental_product: boolean;
  variant_count: number;
  stock_quantity: number;
  stock_status: 'in_stock' | 'low_stock' | 'out_of_stock';
  shop_visibility: string[];
  shop_visibility_label: string;
  /** How `final_price` came about (for a variable product: its cheapest variant). */
  discount_data: DiscountData;
  created_at: string;
};
export type ProductListReply = Paged<ProductListItem>;

/** spec 1 §3 "Product (as used by the order form)". */
export type OrderProduct = {
  id: number;
  name: string;
  sku: string | null;
  price: number;
  discount: number | null;
  has_discount: boolean;
  discount_start_date: string | null;
  discount_end_date: string | null;
  unit_selling_label: string | null;
  is_variable_product: boolean;
  min_variant_price: number | null;
  max_variant_price: number | null;
  has_price_range: boolean;
  product_stocks: {
    id: number;
    variant: string;
    sku: string | null;
    price: number;
    final_price: number;
    qty: number;
  }[];
  vat_id: number | null;
  vat_info: VatInfoReply | null;
  total_discount_percentage: number;
  final_price: number;
  stock_quantity: number;
  thumbnail_url: string | null;
};

/** A variant as the order form reads it (POST /api/products/variants/batch), priced for the session's buyer. */
export type VariationLite = {
  id: number;
  variant: string;
  sku: string | null;
  price: number;
  final_price: number;
  qty: number;
  attribute_values: number[];
};
/** Product id → its variants; ids that name no product (or a deleted one) are left out. */
/** spec 1 §7: a map from product id to its variants. */
export type VariantsBatchReply = Record<string, VariationLite[]>;
