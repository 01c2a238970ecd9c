import { type ProductReply, productBody, type VariationReply } from '../../../contracts/catalogue';
import type { FileReply } from '../../../contracts/files';
import {
  combinations,
  DEFAULT_LOW_STOCK_THRESHOLD,
  DEFAULT_SHOP_VISIBILITY,
  generatedSku,
  isDraftFresh,
  visibilityFor,
} from '../../../domain/catalogue/product-rules';
import { slugify } from '../../../domain/catalogue/slug';
import type { FieldErrors } from '../../lib/http';

/** The tabs of the product form, in their order (spec 2 §2). */
export const PRODUCT_TABS = ['general', 'files', 'price', 'variation', 'shipping', 'seo'] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

export const PRODUCT_TAB_LABELS: Record<ProductTab, string> = {
  general: 'General',
  files: 'Images',
  price: 'Price & Stock',
  variation: 'Variations',
  shipping: 'Shipping',
  seo: 'SEO',
};

/** The general message of a form with errors (spec 2 §5 "General"). */
export const CORRECT_ERRORS = 'Please correct the errors below.';

/** A row of the Variations tab. Prices and quantities are kept as typed. */
export type VariationRow = {
  /** The row's own key in the form (React lists, drafts); never sent. */
  key: string;
  id: number | null;
  variant: string;
  sku: string;
  price: string;
  qty: string;
  image: FileReply | null;
  gallery_image_ids: number[];
  attribute_values: number[];
  color_ids: string[];
  metadata: Record<string, unknown>;
};

/**
 * The product form's values (spec 2 §3 Product). Select-bound ids are strings (as Mantine's
 * selects hold them), amounts and quantities the text typed, files with what is needed to show them.
 */
export type ProductFormValues = {
  name: string;
  slug: string;
  /** Whether the person typed the slug: until then it follows the name (spec 2 §5). */
  slug_edited: boolean;
  sku: string;
  brand_id: string | null;
  category_ids: number[];
  supplier_id: string | null;
  description: string;
  is_active: boolean;
  shop_visibility: string[];
  is_featured: boolean;
  is_rental_product: boolean;
  rental_price: string;
  unit_rental_label: string;
  unit_selling_label: string;
  /** The first is the thumbnail, the rest the gallery. */
  images: FileReply[];
  price: string;
  buy_price: string;
  vat_id: string | null;
  has_discount: boolean;
  discount_type: 'percent' | 'fixed';
  discount: string;
  discount_start_date: string | null;
  discount_end_date: string | null;
  stock_quantity: string;
  low_stock_threshold: string;
  is_variable_product: boolean;
  /** The variation builder's choices: attributes, their values and colours. */
  attribute_ids: string[];
  attribute_value_ids: string[];
  variation_color_ids: string[];
  variations: VariationRow[];
  enable_shipping_features: boolean;
  is_cash_on_delivery: boolean;
  is_free_shipping: boolean;
  is_flat_rate: boolean;
  is_product_quantity_multiple: boolean;
  weight: string;
  shipping_days: string;
  enable_seo_features: boolean;
  seo: { title: string; description: string; robots: string; image: FileReply | null };
};

/** A new product: spec 2 §9 defaults (active, shown to guests, low stock at 5). */
export function emptyProduct(): ProductFormValues {
  return {
    name: '',
    slug: '',
    slug_edited: false,
    sku: '',
    brand_id: null,
    category_ids: [],
    supplier_id: null,
    description: '',
    is_active: true,
    shop_visibility: [...DEFAULT_SHOP_VISIBILITY],
    is_featured: false,
    is_rental_product: false,
    rental_price: '',
    unit_rental_label: '',
    unit_selling_label: '',
    images: [],
    price: '',
    buy_price: '',
    vat_id: null,
    has_discount: false,
    discount_type: 'percent',
    discount: '',
    discount_start_date: null,
    discount_end_date: null,
    stock_quantity: '0',
    low_stock_threshold: String(DEFAULT_LOW_STOCK_THRESHOLD),
    is_variable_product: false,
    attribute_ids: [],
    attribute_value_ids: [],
    variation_color_ids: [],
    variations: [],
    enable_shipping_features: false,
    is_cash_on_delivery: true,
    is_free_shipping: false,
    is_flat_rate: false,
    is_product_quantity_multiple: false,
    weight: '',
    shipping_days: '',
    enable_seo_features: false,
    seo: { title: '', description: '', robots: '', image: null },
  };
}

const text = (value: string | null | undefined) => value ?? '';
const amountText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const idText = (value: number | null | undefined) =>
  value === null || value === undefined ? null : String(value);
const unique = <T>(list: readonly T[]) => [...new Set(list)];

function rowOf(variation: VariationReply): VariationRow {
  return {
    key: `v${variation.id}`,
    id: variation.id,
    variant: variation.variant,
    sku: text(variation.sku),
    price: String(variation.price),
    qty: String(variation.qty),
    image: variation.image,
    gallery_image_ids: variation.gallery_images.map((f) => f.id),
    attribute_values: [...variation.attribute_values],
    color_ids: variation.color_ids.map(String),
    metadata: variation.metadata ?? {},
  };
}

/** A saved product as the form shows it; the variation builder starts from what its variations use. */
export function valuesOf(product: ProductReply): ProductFormValues {
  const attributeData = product.variations.flatMap((v) => v.attribute_data);
  return {
    name: product.name,
    slug: product.slug,
    // An existing product keeps its address when renamed, unless the slug is changed on purpose.
    slug_edited: true,
    sku: text(product.sku),
    brand_id: idText(product.brand_id),
    category_ids: [...product.category_ids],
    supplier_id: idText(product.supplier_id),
    description: text(product.description),
    is_active: product.is_active,
    shop_visibility: [...product.shop_visibility],
    is_featured: product.is_featured,
    is_rental_product: product.is_rental_product,
    rental_price: amountText(product.rental_price),
    unit_rental_label: text(product.unit_rental_label),
    unit_selling_label: text(product.unit_selling_label),
    images: [...(product.thumbnail ? [product.thumbnail] : []), ...product.gallery_images],
    price: String(product.price),
    buy_price: amountText(product.buy_price),
    vat_id: idText(product.vat_id),
    has_discount: product.has_discount,
    discount_type: product.discount_type,
    discount: amountText(product.discount),
    discount_start_date: product.discount_start_date,
    discount_end_date: product.discount_end_date,
    stock_quantity: String(product.stock_quantity),
    low_stock_threshold: String(product.low_stock_threshold),
    is_variable_product: product.is_variable_product,
    attribute_ids: unique(attributeData.map((a) => String(a.attribute_id))),
    attribute_value_ids: unique(attributeData.map((a) => String(a.id))),
    variation_color_ids: unique(product.variations.flatMap((v) => v.color_ids.map(String))),
    variations: product.variations.map(rowOf),
    enable_shipping_features: product.enable_shipping_features,
    is_cash_on_delivery: product.is_cash_on_delivery,
    is_free_shipping: product.is_free_shipping,
    is_flat_rate: product.is_flat_rate,
    is_product_quantity_multiple: product.is_product_quantity_multiple,
    weight: amountText(product.weight),
    shipping_days: product.shipping_days === null ? '' : String(product.shipping_days),
    enable_seo_features: product.enable_seo_features,
    seo: {
      title: text(product.seo.title),
      description: text(product.seo.description),
      robots: text(product.seo.robots),
      image: product.seo.image,
    },
  };
}

/** The name changed: the slug follows it until the person edits the slug (spec 2 §5). */
export function withName(values: ProductFormValues, name: string): Partial<ProductFormValues> {
  return values.slug_edited ? { name } : { name, slug: slugify(name) };
}

/** The slug typed: an emptied slug follows the name again. */
export function withSlug(slug: string): Partial<ProductFormValues> {
  return { slug, slug_edited: slug.trim() !== '' };
}

/**
 * The active switch (spec 2 §4: inactive shows Hidden). Switching a product back on does not invent
 * a visibility (docs/decisions/0015): its roles stay as they are, and none chosen stays Hidden.
 */
export function withActive(isActive: boolean): Partial<ProductFormValues> {
  return { is_active: isActive };
}

/** Blank text is "not given" (null); anything else is sent as typed for the contract to judge. */
const amountOrNull = (value: string) => (value.trim() === '' ? null : Number(value));
const idOrNull = (value: string | null) => (value === null || value === '' ? null : Number(value));
const textOrNull = (value: string) => (value.trim() === '' ? null : value);

/** The body of POST /admin/products and PUT /admin/products/{id} (contracts productBody). */
export function bodyOf(values: ProductFormValues): Record<string, unknown> {
  const [thumbnail, ...gallery] = values.images;
  return {
    name: values.name,
    // A slug that only followed the name is left to the server, which makes a free one from the
    // name ("towel-2" when "towel" is taken); a typed slug is the person's choice (spec 2 §5).
    slug: values.slug_edited && values.slug.trim() !== '' ? values.slug.trim() : undefined,
    sku: textOrNull(values.sku),
    brand_id: idOrNull(values.brand_id),
    category_ids: values.category_ids,
    supplier_id: idOrNull(values.supplier_id),
    vat_id: idOrNull(values.vat_id),
    description: textOrNull(values.description),
    price: amountOrNull(values.price),
    buy_price: amountOrNull(values.buy_price),
    unit_selling_label: textOrNull(values.unit_selling_label),
    unit_rental_label: values.is_rental_product ? textOrNull(values.unit_rental_label) : null,
    weight: amountOrNull(values.weight),
    is_active: values.is_active,
    is_variable_product: values.is_variable_product,
    is_rental_product: values.is_rental_product,
    rental_price: values.is_rental_product ? amountOrNull(values.rental_price) : null,
    has_discount: values.has_discount,
    discount_type: values.discount_type,
    discount: values.has_discount ? amountOrNull(values.discount) : null,
    discount_start_date: values.has_discount ? values.discount_start_date : null,
    discount_end_date: values.has_discount ? values.discount_end_date : null,
    // spec 2 §4: an inactive product is shown to nobody.
    shop_visibility: visibilityFor(values.is_active, values.shop_visibility),
    is_featured: values.is_featured,
    stock_quantity: values.stock_quantity.trim() === '' ? 0 : Number(values.stock_quantity),
    low_stock_threshold:
      values.low_stock_threshold.trim() === ''
        ? DEFAULT_LOW_STOCK_THRESHOLD
        : Number(values.low_stock_threshold),
    enable_shipping_features: values.enable_shipping_features,
    is_cash_on_delivery: values.is_cash_on_delivery,
    is_free_shipping: values.is_free_shipping,
    is_flat_rate: values.is_flat_rate,
    is_product_quantity_multiple: values.is_product_quantity_multiple,
    shipping_days: values.shipping_days.trim() === '' ? null : Number(values.shipping_days),
    enable_seo_features: values.enable_seo_features,
    seo: {
      title: textOrNull(values.seo.title),
      description: textOrNull(values.seo.description),
      robots: textOrNull(values.seo.robots),
      image_id: values.seo.image?.id ?? null,
    },
    thumbnail_id: thumbnail?.id ?? null,
    gallery_images: gallery.map((f) => f.id),
    // A simple product has no variations; its rows stay in the form in case it is switched back.
    variations: values.is_variable_product
      ? values.variations.map((row) => ({
          ...(row.id === null ? {} : { id: row.id }),
          variant: row.variant,
          sku: textOrNull(row.sku),
          price: amountOrNull(row.price),
          qty: row.qty.trim() === '' ? 0 : Number(row.qty),
          file_id: row.image?.id ?? null,
          gallery_images: row.gallery_image_ids,
          attribute_values: row.attribute_values,
          color_ids: row.color_ids.map(Number),
          metadata: row.metadata,
        }))
      : [],
  };
}

/**
 * Where an error key of the contract or of a 422 reply shows in the form: "variations.0.file_id"
 * on the row's image, "gallery_images.2" on the images, "category_ids.0" on the categories.
 */
export function formPathOf(key: string): string {
  const [head = '', second, third] = key.split('.');
  if (head === 'thumbnail_id' || head === 'gallery_images') return 'images';
  if (head === 'seo') return second === 'image_id' ? 'seo.image' : second ? `seo.${second}` : 'seo';
  if (head === 'variations') {
    if (second !== undefined && /^\d+$/.test(second) && third) {
      return `variations.${second}.${third === 'file_id' ? 'image' : third}`;
    }
    return 'variations';
  }
  return head;
}

/** A 422's errors as the form's: the first message at each form path. */
export function formErrorsOf(errors: FieldErrors): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const path = formPathOf(key);
    if (messages[0] && !result[path]) result[path] = messages[0];
  }
  return result;
}

/** spec 2 §2: server errors on variations force the variable-product state. */
export function touchesVariations(errors: FieldErrors | Record<string, string>): boolean {
  return Object.keys(errors).some((key) => key === 'variations' || key.startsWith('variations.'));
}

const TAB_OF_FIELD: Record<string, ProductTab> = {
  images: 'files',
  price: 'price',
  buy_price: 'price',
  vat_id: 'price',
  has_discount: 'price',
  discount_type: 'price',
  discount: 'price',
  discount_start_date: 'price',
  discount_end_date: 'price',
  stock_quantity: 'price',
  low_stock_threshold: 'price',
  is_variable_product: 'variation',
  attribute_ids: 'variation',
  attribute_value_ids: 'variation',
  variation_color_ids: 'variation',
  variations: 'variation',
  enable_shipping_features: 'shipping',
  is_cash_on_delivery: 'shipping',
  is_free_shipping: 'shipping',
  is_flat_rate: 'shipping',
  is_product_quantity_multiple: 'shipping',
  weight: 'shipping',
  shipping_days: 'shipping',
  enable_seo_features: 'seo',
  seo: 'seo',
};

/** The tab a form path lives on; anything unknown is on general. */
export function tabOf(path: string): ProductTab {
  return TAB_OF_FIELD[formPathOf(path).split('.')[0] ?? ''] ?? 'general';
}

/** The tabs holding errors, in tab order (spec 2 §2: flagged, and the first opens). */
export function tabsWithErrors(errors: Record<string, unknown>): ProductTab[] {
  const tabs = new Set(
    Object.entries(errors)
      .filter(([, message]) => Boolean(message))
      .map(([path]) => tabOf(path)),
  );
  return PRODUCT_TABS.filter((tab) => tabs.has(tab));
}

/** The form's own check before sending: the server's contract on the body it would send. */
export function validateProduct(values: ProductFormValues): Record<string, string> {
  const result = productBody.safeParse(bodyOf(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = formPathOf(issue.path.map(String).join('.') || 'name');
    if (!errors[path]) errors[path] = issue.message;
  }
  return errors;
}

/** One chosen attribute of the variation builder, with its chosen values in order. */
export type AttributeChoice = { id: number; name: string; values: { id: number; value: string }[] };
export type ColourChoice = { id: number; name: string };

const sameIds = (a: readonly (number | string)[], b: readonly (number | string)[]) =>
  a.length === b.length && [...a].map(String).sort().join(',') === [...b].map(String).sort().join(',');

type Part = { kind: 'value' | 'colour'; id: number; label: string };

/**
 * "Generate variations" (spec 2 §4): every combination of the chosen attribute values (and
 * colours, when chosen), in the order of the attributes. A combination that already has a row
 * keeps it as it is (id, price, stock, image); new ones start at the product's price with a
 * generated SKU (spec 2 §5). `random` gives 0–999 and `newKey` a fresh row key.
 */
export function generateVariations(input: {
  name: string;
  price: string;
  attributes: readonly AttributeChoice[];
  colours: readonly ColourChoice[];
  existing: readonly VariationRow[];
  random: () => number;
  newKey: () => string;
}): VariationRow[] {
  const lists: Part[][] = [
    ...input.attributes.map((a) => a.values.map((v): Part => ({ kind: 'value', id: v.id, label: v.value }))),
    input.colours.map((c): Part => ({ kind: 'colour', id: c.id, label: c.name })),
  ];
  return combinations(lists).map((combo) => {
    const attributeValues = combo.filter((p) => p.kind === 'value').map((p) => p.id);
    const colorIds = combo.filter((p) => p.kind === 'colour').map((p) => String(p.id));
    const kept = input.existing.find(
      (row) => sameIds(row.attribute_values, attributeValues) && sameIds(row.color_ids, colorIds),
    );
    if (kept) return kept;
    const labels = combo.map((p) => p.label);
    return {
      key: input.newKey(),
      id: null,
      variant: labels.join(' / '),
      sku: generatedSku(input.name, labels, input.random()),
      price: input.price,
      qty: '0',
      image: null,
      gallery_image_ids: [],
      attribute_values: attributeValues,
      color_ids: colorIds,
      metadata: {},
    };
  });
}

/** A row added by hand: no attribute values, the product's price. */
export function blankVariation(key: string, price: string): VariationRow {
  return {
    key,
    id: null,
    variant: '',
    sku: '',
    price,
    qty: '0',
    image: null,
    gallery_image_ids: [],
    attribute_values: [],
    color_ids: [],
    metadata: {},
  };
}

/** Rows whose SKU was left empty get the generated one (spec 2 §5) before sending. */
export function withGeneratedSkus(
  values: ProductFormValues,
  valueNames: ReadonlyMap<number, string>,
  random: () => number,
): ProductFormValues {
  if (!values.variations.some((row) => row.sku.trim() === '')) return values;
  return {
    ...values,
    variations: values.variations.map((row) =>
      row.sku.trim() === ''
        ? {
            ...row,
            sku: generatedSku(
              values.name,
              row.attribute_values.length > 0
                ? row.attribute_values.map((id) => valueNames.get(id) ?? '')
                : [row.variant],
              random(),
            ),
          }
        : row,
    ),
  };
}

/** Moves the image at `from` to `to` (drag reorder): the first is the thumbnail. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** Adds picked files after those already there, each once. */
export function addFiles(current: readonly FileReply[], picked: readonly FileReply[]): FileReply[] {
  const next = [...current];
  for (const file of picked) if (!next.some((f) => f.id === file.id)) next.push(file);
  return next;
}

// ——— Drafts (spec 2 §4, §9) ———

const DRAFT_VERSION = 1;

/** localStorage key of a product's draft; a new product's is "new". */
export function draftKey(productId: number | null): string {
  return `emporium.product-draft.${productId ?? 'new'}`;
}

export type ProductDraft = { saved_at: number; values: ProductFormValues };

export function draftText(values: ProductFormValues, now: number): string {
  return JSON.stringify({ version: DRAFT_VERSION, saved_at: now, values });
}

/** Whether two sets of form values say the same (a draft against what was loaded). */
export function sameValues(a: ProductFormValues, b: ProductFormValues): boolean {
  return stableJson(a) === stableJson(b);
}

/** JSON with object keys in a fixed order, so the order fields were written in does not matter. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : inner,
  );
}

/** A stored draft, if it is one of ours and younger than 24 hours (spec 2 §9). */
export function readDraft(stored: string | null, now: number): ProductDraft | null {
  if (!stored) return null;
  try {
    const parsed = JSON.parse(stored) as { version?: unknown; saved_at?: unknown; values?: unknown };
    if (parsed.version !== DRAFT_VERSION || typeof parsed.saved_at !== 'number') return null;
    if (typeof parsed.values !== 'object' || parsed.values === null) return null;
    if (!isDraftFresh(parsed.saved_at, now)) return null;
    // A draft written by an older form lacks newer fields: they take their empty value.
    return {
      saved_at: parsed.saved_at,
      values: { ...emptyProduct(), ...(parsed.values as ProductFormValues) },
    };
  } catch {
    return null;
  }
}
