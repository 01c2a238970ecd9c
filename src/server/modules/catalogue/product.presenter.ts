import type { ProductAttributesReply, ProductReply, VariationReply } from '../../../contracts/catalogue';
import type { FileReply } from '../../../contracts/files';
import { productStockQuantity, stockStatus, visibilityLabel } from '../../../domain/catalogue/product-rules';
import { fromDecimal, toDecimal } from '../../../domain/money/money';
import { type CatalogueItem, type PricingContext, priceItem } from '../../../domain/pricing/catalogue-price';
import type { Storage } from '../../platform/files/storage';
import { presentFile } from '../files';
import type { ShopPricing } from './pricing-context';
import type { ProductAttributeRow, ProductDetail, VariationDetail } from './product.queries';
import {
  catalogueItemOf,
  presentDiscountData,
  presentVatInfo,
  priceProduct,
  variantPriceRange,
} from './products-list.presenter';

type Files = ProductDetail['files'];

const amount = (value: string) => toDecimal(fromDecimal(value));
const optionalAmount = (value: string | null) => (value === null ? null : amount(value));

function fileOf(files: Files, id: number | null, storage: Pick<Storage, 'url'>): FileReply | null {
  const row = id === null ? undefined : files.get(id);
  return row ? presentFile(row, storage) : null;
}

function filesOf(files: Files, ids: readonly number[], storage: Pick<Storage, 'url'>): FileReply[] {
  return ids.flatMap((id) => {
    const row = files.get(id);
    return row ? [presentFile(row, storage)] : [];
  });
}

/** A variation priced by the one pricing engine as a unit of its product. */
export function presentVariation(
  variation: VariationDetail,
  item: CatalogueItem,
  pricing: PricingContext,
  files: Files,
  storage: Pick<Storage, 'url'>,
): VariationReply {
  return {
    id: variation.id,
    variant: variation.variant,
    sku: variation.sku,
    price: amount(variation.price),
    qty: variation.qty,
    file_id: variation.fileId,
    image: fileOf(files, variation.fileId, storage),
    gallery_images: filesOf(files, variation.galleryFileIds, storage),
    attribute_values: variation.attributeValues.map((v) => v.id),
    attribute_data: variation.attributeValues.map((v) => ({
      id: v.id,
      attribute_id: v.attributeId,
      attribute: v.attribute,
      value: v.value,
      color_code: v.colorCode,
    })),
    color_ids: variation.colors.map((c) => c.id),
    colors: variation.colors.map((c) => ({ id: c.id, name: c.name, code: c.code })),
    metadata: variation.metadata,
    discount_data: presentDiscountData(priceItem(item, { price: fromDecimal(variation.price) }, 1, pricing)),
  };
}

function itemOf(detail: ProductDetail): CatalogueItem {
  return catalogueItemOf({ ...detail.product, pricingCategoryIds: detail.pricingCategoryIds });
}

export function presentVariations(
  detail: ProductDetail,
  pricing: PricingContext,
  storage: Pick<Storage, 'url'>,
): VariationReply[] {
  const item = itemOf(detail);
  return detail.variations.map((v) => presentVariation(v, item, pricing, detail.files, storage));
}

/**
 * The product as the form edits it (spec 2 §3) and GET /api/products/{id} answers it (spec 3 §7):
 * `price` is the product's own price; `discount_data` prices one unit (a variable product from its
 * cheapest variation) the way the product list does (docs/decisions/0014).
 */
export function presentProduct(
  detail: ProductDetail,
  pricing: ShopPricing,
  storage: Pick<Storage, 'url'>,
): ProductReply {
  const { product } = detail;
  const priced = presentDiscountData(
    priceProduct({ ...product, pricingCategoryIds: detail.pricingCategoryIds }, detail.variations, pricing),
  );
  const quantity = productStockQuantity(
    product,
    detail.variations.map((v) => v.qty),
  );
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    sku: product.sku,
    brand_id: product.brandId,
    brand: detail.brand,
    category_ids: detail.categories.map((c) => c.id),
    categories: detail.categories.map((c) => ({ id: c.id, name: c.name, parent_id: c.parentId })),
    supplier_id: product.supplierId,
    supplier: detail.supplier,
    vat_id: product.vatId,
    vat_info: presentVatInfo(detail.vat, pricing.vat),
    description: product.description,
    price: amount(product.price),
    buy_price: optionalAmount(product.buyPrice),
    unit_selling_label: product.unitSellingLabel,
    unit_rental_label: product.unitRentalLabel,
    weight: product.weight === null ? null : Number(product.weight),
    is_active: product.isActive,
    is_variable_product: product.isVariableProduct,
    is_rental_product: product.isRentalProduct,
    rental_price: optionalAmount(product.rentalPrice),
    has_discount: product.hasDiscount,
    discount_type: product.discountType === 'fixed' ? 'fixed' : 'percent',
    discount: product.discount === null ? null : Number(product.discount),
    discount_start_date: product.discountStartDate,
    discount_end_date: product.discountEndDate,
    shop_visibility: product.shopVisibility,
    shop_visibility_label: visibilityLabel(product.shopVisibility, product.isActive),
    is_featured: product.isFeatured,
    stock_quantity: quantity,
    low_stock_threshold: product.lowStockThreshold,
    stock_status: stockStatus(quantity, product.lowStockThreshold),
    enable_shipping_features: product.enableShippingFeatures,
    is_cash_on_delivery: product.isCashOnDelivery,
    is_free_shipping: product.isFreeShipping,
    is_flat_rate: product.isFlatRate,
    is_product_quantity_multiple: product.isProductQuantityMultiple,
    shipping_days: product.shippingDays,
    enable_seo_features: product.enableSeoFeatures,
    seo: {
      title: product.seoTitle,
      description: product.seoDescription,
      image_id: product.seoImageId,
      image: fileOf(detail.files, product.seoImageId, storage),
      robots: product.seoRobots,
    },
    thumbnail_id: product.thumbnailId,
    thumbnail: fileOf(detail.files, product.thumbnailId, storage),
    gallery_images: filesOf(detail.files, detail.galleryFileIds, storage),
    variations: presentVariations(detail, pricing, storage),
    ...variantPriceRange(detail.variations),
    discount_data: priced,
    total_discount_percentage: priced.total_discount_percentage,
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
  };
}

export function presentProductAttributes(rows: readonly ProductAttributeRow[]): ProductAttributesReply {
  return {
    data: rows.map((attribute) => ({
      id: attribute.id,
      name: attribute.name,
      values: attribute.values.map((v) => ({ id: v.id, value: v.value, color_code: v.colorCode })),
    })),
  };
}
