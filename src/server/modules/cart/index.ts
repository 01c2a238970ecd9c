export { cartRoutes } from './cart.routes';
export { cartItems, carts } from './cart.tables';
export { CART_COOKIE, type CartOwner, cartOwnerOf, clearCartCookie } from './cart-owner';
export { cartPageRoutes } from './cart-page.routes';
export { mergeGuestCart } from './change-cart';
