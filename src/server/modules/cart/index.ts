export { readCart } from './cart.queries';
export { cartRoutes } from './cart.routes';
export { cartItems, carts } from './cart.tables';
export { CART_COOKIE, type CartOwner, cartOwnerOf, clearCartCookie } from './cart-owner';
export { cartReaderOf } from './cart-reader';
export { mergeGuestCartAtSignIn } from './change-cart';
