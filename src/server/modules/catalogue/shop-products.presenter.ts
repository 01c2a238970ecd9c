import type {
  GalleryImage,
  ShopDiscountData,
  ShopProductCard,
  ShopProductDetail,
  ShopVariant,
  StorefrontProduct,
} from '../../../contracts/shop-catalogue';
import { productStockQuantity } from '../../../domain/catalogue/product-rules';
import { fromDecimal, toDecimal } from '../../../domain/money/money';
import { type PricingContext, priceItem } from '../../../domain/pricing/catalogue-price';
import type { PricedUnit } from '../../../domain/pricing/discounts';
import type { Storage } from '../../platform/files/storage';
import type { FileRow } from '../files';
import type { ProductDetail } from './product.queries';
import { catalogueItemOf, priceProduct, variantPriceRange } from './products-list.presenter';
import type { ShopCardRow } from './shop-products.queries';

/** A file's preview is at most 400 px on its long side (files/make-preview.ts). */
const PREVIEW_LONG_SIDE = 400;

/** The product's page in the shop: the path menus and cards link to (spec 3 §2). */
export const shopProductPath = (slug: string) => `/products/${encodeURIComponent(slug)}`;

function discountData(priced: PricedUnit): ShopDiscountData {
  return {
    has_discount: priced.final < priced.original,
    final_price: toDecimal(priced.final),
    original_price: toDecimal(priced.original),
    total_discount_percentage: priced.discountPercentage,
    total_discount_amount: toDecimal(priced.discountAmount),
  };
}

/** spec 3 §3 Gallery image, with the preview's width for `srcset` when the file has a preview. */
export function galleryImage(
  file: { path: string; previewPath: string | null; width: number | null; height: number | null },
  title: string,
  storage: Pick<Storage, 'url'>,
): GalleryImage {
  const { width, height } = file;
  let previewWidth: number | null = null;
  if (file.previewPath && width && height) {
    const scale = Math.min(1, PREVIEW_LONG_SIDE / Math.max(width, height));
    previewWidth = Math.round(width * scale);
  }
  return {
    url: storage.url(file.path),
    title,
    width,
    height,
    preview_url: file.previewPath && previewWidth !== null ? storage.url(file.previewPath) : null,
    preview_width: previewWidth,
  };
}

export function presentShopCard(
  row: ShopCardRow,
  pricing: PricingContext,
  storage: Pick<Storage, 'url'>,
): ShopProductCard {
  const stock = productStockQuantity(
    row,
    row.variants.map((v) => v.qty),
  );
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    url: shopProductPath(row.slug),
    brand: row.brandName,
    is_variable_product: row.isVariableProduct,
    discount_data: discountData(priceProduct(row, row.variants, pricing)),
    has_price_range: variantPriceRange(row.variants).has_price_range,
    image: row.image ? galleryImage(row.image, row.name, storage) : null,
    stock_quantity: stock,
    low_stock_threshold: row.lowStockThreshold,
    is_out_of_stock: stock <= 0,
    colors: row.colors,
  };
}

/**
 * GET /api/public/products/{id} and the product page (spec 3 §3 Storefront product, §7): the
 * product priced for the buyer, its variants with their attribute values, colours and images, the
 * variants grouped by colour, and the gallery.
 */
export function presentShopProduct(
  detail: ProductDetail & { categorySlugs: { name: string; slug: string }[] },
  pricing: PricingContext,
  storage: Pick<Storage, 'url'>,
): ShopProductDetail {
  const { product } = detail;
  const item = catalogueItemOf({ ...product, pricingCategoryIds: detail.pricingCategoryIds });
  const imageOf = (id: number | null): GalleryImage | null => {
    const file: FileRow | undefined = id === null ? undefined : detail.files.get(id);
    return file ? galleryImage(file, product.name, storage) : null;
  };
  const productImages = [product.thumbnailId, ...detail.galleryFileIds]
    .filter((id, i, all) => all.indexOf(id) === i)
    .map(imageOf)
    .filter((image): image is GalleryImage => image !== null);

  const variants: ShopVariant[] = product.isVariableProduct
    ? detail.variations.map((v) => {
        const images = [v.fileId, ...v.galleryFileIds]
          .filter((id, i, all) => all.indexOf(id) === i)
          .map(imageOf)
          .filter((image): image is GalleryImage => image !== null)
          .map((image) => ({ ...image, title: `${product.name} – ${v.variant}` }));
        return {
          id: v.id,
          variant: v.variant,
          price: toDecimal(fromDecimal(v.price)),
          qty: v.qty,
          discount_data: discountData(priceItem(item, { price: fromDecimal(v.price) }, 1, pricing)),
          color_ids: v.colors.map((c) => c.id),
          attribute_data: v.attributeValues.map((a) => ({
            attribute_id: a.attributeId,
            attribute: a.attribute,
            value_id: a.id,
            value: a.value,
          })),
          gallery_image_data: images,
        };
      })
    : [];

  const colorsById = new Map<number, { id: number; name: string; code: string }>();
  const valuesById = new Map<number, ShopProductDetail['attributeValues'][number]>();
  for (const v of detail.variations) {
    for (const c of v.colors) colorsById.set(c.id, c);
    for (const a of v.attributeValues)
      valuesById.set(a.id, {
        id: a.id,
        attribute_id: a.attributeId,
        attribute: a.attribute,
        value: a.value,
        color_code: a.colorCode,
      });
  }
  const colors = product.isVariableProduct
    ? [...colorsById.values()].sort((a, b) => a.name.localeCompare(b.name))
    : [];
  const variantsByColor: Record<string, ShopVariant[]> = {};
  for (const color of colors)
    variantsByColor[String(color.id)] = variants.filter((v) => v.color_ids.includes(color.id));
  const attributeValues = product.isVariableProduct ? [...valuesById.values()] : [];
  const attributeIds = [...new Set(attributeValues.map((a) => a.attribute_id))];

  const stock = productStockQuantity(
    product,
    detail.variations.map((v) => v.qty),
  );
  const range = variantPriceRange(product.isVariableProduct ? detail.variations : []);
  const storefront: StorefrontProduct = {
    id: product.id,
    name: product.name,
    slug: product.slug,
    description: product.description,
    brand: detail.brand?.name ?? null,
    categories: detail.categorySlugs,
    sku: product.sku,
    price: toDecimal(fromDecimal(product.price)),
    is_variable_product: product.isVariableProduct,
    is_rental_product: product.isRentalProduct,
    rental_price: product.rentalPrice === null ? null : toDecimal(fromDecimal(product.rentalPrice)),
    min_variant_price: range.min_variant_price,
    max_variant_price: range.max_variant_price,
    discount_data: discountData(
      priceProduct(
        { ...product, pricingCategoryIds: detail.pricingCategoryIds },
        product.isVariableProduct ? detail.variations : [],
        pricing,
      ),
    ),
    unit_selling_label: product.unitSellingLabel,
    unit_rental_label: product.unitRentalLabel,
    stock_quantity: stock,
    low_stock_threshold: product.lowStockThreshold,
    is_out_of_stock: stock <= 0,
    productStocks: variants,
  };
  return {
    product: storefront,
    attributeValues,
    attributeIds,
    colors,
    variantsByColor,
    variantsWithoutColors: variants.filter((v) => v.color_ids.length === 0),
    galleryImages: {
      product: productImages,
      variants: Object.fromEntries(variants.map((v) => [String(v.id), v.gallery_image_data])),
    },
  };
}
