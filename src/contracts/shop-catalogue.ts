import { z } from 'zod';
import { moneyAmount, pageParam, recordId, searchText } from './common';

/**
 * The storefront catalogue a visitor browses (spec 3 §2 Storefront, §3 Storefront product, Gallery
 * image, §7 Storefront catalogue and menus): the listing's query and the product page's data.
 */

/** A field of a GET form left empty is no filter (the listing's filter form sends every field). */
const emptyIsNone = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const SHOP_SORTS = ['newest', 'price_asc', 'price_desc', 'name'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];
export const SHOP_SORT_LABELS: Record<ShopSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name',
};

/** Products per page of the shop's listing. */
export const SHOP_PAGE_SIZE = 12;

const slugText = z
  .string()
  .trim()
  .max(255, 'This is not a valid slug.')
  .regex(/^[a-z0-9-]*$/, 'This is not a valid slug.');

/** GET /products, /category/{slug} (spec 3 §2): ?page, sort, filters and search. */
export const shopListQuery = z
  .object({
    page: emptyIsNone(pageParam),
    sort: emptyIsNone(z.enum(SHOP_SORTS, { error: 'Please choose a valid sort order.' })),
    search: searchText,
    category: emptyIsNone(slugText),
    brand: emptyIsNone(slugText),
    color: emptyIsNone(recordId),
    min_price: emptyIsNone(moneyAmount('The lowest price must be a positive amount.')),
    max_price: emptyIsNone(moneyAmount('The highest price must be a positive amount.')),
    in_stock: emptyIsNone(z.enum(['1'], { error: 'This filter is 1 or absent.' })),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    message: 'The lowest price may not be above the highest.',
    path: ['max_price'],
  });
export type ShopListQuery = z.infer<typeof shopListQuery>;

export const slugParam = z.object({ slug: z.string().min(1).max(255) });

/** spec 3 §3 Storefront product: discount_data. */
export type ShopDiscountData = {
  has_discount: boolean;
  final_price: number;
  original_price: number;
  total_discount_percentage: number;
  total_discount_amount: number;
};

/** spec 3 §3 Gallery image: url, title, width, height; plus a smaller copy for srcset. */
export type GalleryImage = {
  url: string;
  title: string;
  width: number | null;
  height: number | null;
  /** The 400 px preview and its width, for `srcset`; null when the file has none. */
  preview_url: string | null;
  preview_width: number | null;
};

/** A card of the listing and the home page's featured products. */
export type ShopProductCard = {
  id: number;
  name: string;
  slug: string;
  url: string;
  brand: string | null;
  is_variable_product: boolean;
  /** The "from" price for a variable product (its cheapest variant for this buyer). */
  discount_data: ShopDiscountData;
  has_price_range: boolean;
  image: GalleryImage | null;
  stock_quantity: number;
  low_stock_threshold: number;
  is_out_of_stock: boolean;
  colors: { id: number; name: string; code: string }[];
};

export type ShopFacet = { value: string; label: string };

/** What the listing shows around its cards: the filters' choices and the category's heading. */
export type ShopListView = {
  products: ShopProductCard[];
  current_page: number;
  last_page: number;
  total: number;
  query: {
    sort: ShopSort;
    search: string;
    category: string;
    brand: string;
    color: string;
    min_price: string;
    max_price: string;
    in_stock: boolean;
  };
  /** The listing's own path: /products or /category/{slug}. */
  path: string;
  category: { name: string; slug: string; description: string | null } | null;
  facets: { categories: ShopFacet[]; brands: ShopFacet[]; colors: (ShopFacet & { code: string })[] };
};

/** spec 3 §3 Variant: id, price, qty, attribute_data, gallery_image_data. */
export type ShopVariant = {
  id: number;
  variant: string;
  price: number;
  qty: number;
  discount_data: ShopDiscountData;
  color_ids: number[];
  attribute_data: { attribute_id: number; attribute: string; value_id: number; value: string }[];
  gallery_image_data: GalleryImage[];
};

/** spec 3 §3 Storefront product. */
export type StorefrontProduct = {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  brand: string | null;
  categories: { name: string; slug: string }[];
  sku: string | null;
  price: number;
  is_variable_product: boolean;
  is_rental_product: boolean;
  rental_price: number | null;
  min_variant_price: number | null;
  max_variant_price: number | null;
  discount_data: ShopDiscountData;
  unit_selling_label: string | null;
  unit_rental_label: string | null;
  stock_quantity: number;
  low_stock_threshold: number;
  is_out_of_stock: boolean;
  productStocks: ShopVariant[];
};

/** GET /api/public/products/{id} (spec 3 §7) and the product page's data. */
export type ShopProductDetail = {
  product: StorefrontProduct;
  attributeValues: {
    id: number;
    attribute_id: number;
    attribute: string;
    value: string;
    color_code: string | null;
  }[];
  attributeIds: number[];
  colors: { id: number; name: string; code: string }[];
  /** Variants per colour id, each in display order. */
  variantsByColor: Record<string, ShopVariant[]>;
  variantsWithoutColors: ShopVariant[];
  galleryImages: { product: GalleryImage[]; variants: Record<string, GalleryImage[]> };
};

/** The stock display settings the shop shows stock by (spec 2 §3 stock settings). */
export type ShopStockDisplay = {
  stock_management_enabled: boolean;
  show_stock_quantities: boolean;
  show_low_stock_warning: boolean;
};

/** How the catalogue pages show stock and prices: the stock settings and the shop's currency. */
export type ShopDisplay = { stock: ShopStockDisplay; currency: { code: string; symbol: string } };

/** A shop menu entry: the menu manager's active items (spec 3 §3 Menu item: url, menu_url, children). */
export type ShopMenuItem = { id: number; label: string; url: string; children: ShopMenuItem[] };

/** SEO of a shop page (issue 14): written into the page head by the server. */
export type ShopSeo = {
  /** The page's title (without the site name). */
  title: string;
  description: string;
  canonical: string;
  robots: string;
  og: { type: 'website' | 'product'; title: string; description: string; url: string; image: string | null };
  /** schema.org structured data, as a JSON-LD block. */
  json_ld: Record<string, unknown> | null;
};
