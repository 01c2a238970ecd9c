export { categories, productStocks, products } from './catalogue.tables';
export { recordRuleUses, releaseRuleUses, rulesUsedBy, type SoldLine } from './discount-uses';
export { discountsRoutes, productDiscountRoutes } from './discounts.routes';
export { ensureCatalogueReference } from './ensure-catalogue-reference';
export { visibilityRoleOf } from './order-buyer';
export { orderProductRoutes } from './order-products.routes';
export {
  loadBuyerPricing,
  loadShopPricing,
  type PricingBuyer,
  type ShopPricing,
  vatInfoOf,
} from './pricing-context';
export { productVersionById } from './product.queries';
export { productRoutes } from './product.routes';
export { type ShopProductView, shopProductView } from './product-views';
export { productListRoutes } from './products-list.routes';
export { referenceRoutes } from './reference.routes';
export { type ProductActor, type ProductSaveContext, saveProduct } from './save-product';
export { seedDemoCatalogue } from './seed-demo-catalogue';
export { seedDemoDiscounts } from './seed-demo-discounts';
export {
  loadShopProducts,
  type SellableProduct,
  type ShopItemRef,
  type ShopUnitPrice,
  type ShopVariant,
  shopUnitPrice,
} from './shop-items';
export { presentShopCard, shopProductPath } from './shop-products.presenter';
export {
  featuredShopProducts,
  findShopBrand,
  findShopCategory,
  productVersionBySlug,
  type ShopListFilters,
  shopFacets,
  shopProductPage,
  sitemapEntries,
} from './shop-products.queries';
export { shopVisibleTo } from './shop-visibility';
