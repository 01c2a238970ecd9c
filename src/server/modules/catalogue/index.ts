export { discountsRoutes, productDiscountRoutes } from './discounts.routes';
export { ensureCatalogueReference } from './ensure-catalogue-reference';
export { orderProductRoutes } from './order-products.routes';
export { productRoutes } from './product.routes';
export { productListRoutes } from './products-list.routes';
export { referenceRoutes } from './reference.routes';
export { type ProductActor, type ProductSaveContext, saveProduct } from './save-product';
export { seedDemoCatalogue } from './seed-demo-catalogue';
export { seedDemoDiscounts } from './seed-demo-discounts';
