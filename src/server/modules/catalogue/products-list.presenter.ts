import type { DiscountData, ProductListItem, VatInfoReply } from '../../../contracts/catalogue';
import { supplierName } from '../../../domain/accounts/user-rules';
import { productStockQuantity, stockStatus, visibilityLabel } from '../../../domain/catalogue/product-rules';
import { fromDecimal, toDecimal } from '../../../domain/money/money';
import type { Paged } from '../../../domain/paging/paging';
import {
  type CatalogueItem,
  type PricingContext,
  priceItem,
  priceRange,
} from '../../../domain/pricing/catalogue-price';
import type { PricedUnit } from '../../../domain/pricing/discounts';
import type { VatSettings } from '../../../domain/pricing/vat';
import type { Storage } from '../../platform/files/storage';
import { products } from './catalogue.tables';
import { ownDiscountOf } from './pricing-context';
import type { ProductListRow } from './products-list.queries';

export type PriceableProduct = {
  id: number;
  price: string;
  isVariableProduct: boolean;
  hasDiscount: boolean;
  discountType: string;
  discount: string | null;
  discountStartDate: string | null;
  discountEndDate: string | null;
  pricingCategoryIds: number[];
};

/** The product columns the pricing engine reads (with the product's categories added by the caller). */
export const priceableColumns = {
  id: products.id,
  price: products.price,
  isVariableProduct: products.isVariableProduct,
  hasDiscount: products.hasDiscount,
  discountType: products.discountType,
  discount: products.discount,
  discountStartDate: products.discountStartDate,
  discountEndDate: products.discountEndDate,
};

/** The product as the pricing engine reads it. */
export function catalogueItemOf(product: PriceableProduct): CatalogueItem {
  return {
    productId: product.id,
    categoryIds: product.pricingCategoryIds,
    price: fromDecimal(product.price),
    ownDiscount: ownDiscountOf(product),
  };
}

/**
 * One unit of a product, priced by the engine: a simple product by its own price; a variable one
 * by its cheapest variant (its "from" price), or by its own price while it has no variants.
 */
export function priceProduct(
  product: PriceableProduct,
  variants: readonly { price: string }[],
  pricing: PricingContext,
): PricedUnit {
  const item = catalogueItemOf(product);
  if (!product.isVariableProduct || variants.length === 0) return priceItem(item, null, 1, pricing);
  let cheapest: PricedUnit | null = null;
  for (const variant of variants) {
    const priced = priceItem(item, { price: fromDecimal(variant.price) }, 1, pricing);
    if (
      !cheapest ||
      priced.final < cheapest.final ||
      (priced.final === cheapest.final && priced.original < cheapest.original)
    ) {
      cheapest = priced;
    }
  }
  return cheapest!;
}

export function presentDiscountData(priced: PricedUnit): DiscountData {
  return {
    has_discount: priced.final < priced.original,
    final_price: toDecimal(priced.final),
    original_price: toDecimal(priced.original),
    total_discount_percentage: priced.discountPercentage,
    total_discount_amount: toDecimal(priced.discountAmount),
    source: priced.source,
    rule: priced.rule,
  };
}

/** spec 1 §3: min and max variant price; null for a product without variants. */
export function variantPriceRange(variants: readonly { price: string }[]): {
  min_variant_price: number | null;
  max_variant_price: number | null;
  has_price_range: boolean;
} {
  const range = priceRange(variants.map((v) => fromDecimal(v.price)));
  return {
    min_variant_price: range ? toDecimal(range.min) : null,
    max_variant_price: range ? toDecimal(range.max) : null,
    has_price_range: range?.hasRange ?? false,
  };
}

/** The list picture: the file's small preview when it has one (decision 0010), else the file. */
export function thumbnailUrl(
  row: { thumbnailPath: string | null; thumbnailPreviewPath: string | null },
  storage: Pick<Storage, 'url'>,
): string | null {
  const key = row.thumbnailPreviewPath ?? row.thumbnailPath;
  return key ? storage.url(key) : null;
}

/**
 * spec 3 §3 VAT info. `vat_status` is "active" when the VAT system is switched on and the rate
 * itself is active, so a reader can tell from this alone whether the rate is charged.
 */
export function presentVatInfo(
  vat: { type: string; rate: string; isActive: boolean } | null,
  settings: VatSettings,
): VatInfoReply | null {
  if (!vat) return null;
  return {
    vat_status: settings.enabled && vat.isActive ? 'active' : 'inactive',
    type: vat.type as VatInfoReply['type'],
    rate: Number(vat.rate),
  };
}

function supplierOf(row: ProductListRow): string | null {
  if (row.supplierEmail === null) return null;
  return supplierName({
    company_name: row.supplierCompanyName,
    first_name: row.supplierFirstName,
    last_name: row.supplierLastName,
    email: row.supplierEmail,
  });
}

export function presentProductListItem(
  row: ProductListRow,
  pricing: PricingContext,
  storage: Pick<Storage, 'url'>,
): ProductListItem {
  const priced = priceProduct(row, row.variants, pricing);
  const quantity = productStockQuantity(
    row,
    row.variants.map((v) => v.qty),
  );
  // Written out, not spread: on Node 20 an object spread followed by more properties gives every
  // object a map of its own (decision 0100).
  const range = variantPriceRange(row.variants);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    thumbnail_url: thumbnailUrl(row, storage),
    price: toDecimal(priced.original),
    final_price: toDecimal(priced.final),
    min_variant_price: range.min_variant_price,
    max_variant_price: range.max_variant_price,
    has_price_range: range.has_price_range,
    brand: row.brandName,
    categories: row.categoryNames,
    supplier: supplierOf(row),
    is_active: row.isActive,
    is_variable_product: row.isVariableProduct,
    is_rental_product: row.isRentalProduct,
    variant_count: row.variants.length,
    stock_quantity: quantity,
    stock_status: stockStatus(quantity, row.lowStockThreshold),
    shop_visibility: row.shopVisibility,
    shop_visibility_label: visibilityLabel(row.shopVisibility, row.isActive),
    discount_data: presentDiscountData(priced),
    created_at: row.createdAt.toISOString(),
  };
}

export function presentProductPage(
  page: Paged<ProductListRow>,
  pricing: PricingContext,
  storage: Pick<Storage, 'url'>,
): Paged<ProductListItem> {
  return { ...page, data: page.data.map((row) => presentProductListItem(row, pricing, storage)) };
}
