export { cartPageRoutes } from './cart-page.routes';
export { cataloguePageRoutes } from './catalogue-pages.routes';
export { contactPageRoutes } from './contact-page.routes';
export { closedForMaintenance } from './maintenance';
export { shopDocument } from './shop-document';
export { storefrontRoutes } from './storefront.routes';
