export { addLinesToUserCart, type CartLineInput } from './add-lines-to-user-cart';
export { type BuyableLine, buyableTotals, cartOrderOf, lockBuyableLines } from './buyable-lines';
export { type CartReader, ownerCartCount, readCart } from './cart.queries';
export { cartRoutes } from './cart.routes';
export { cartItems, carts } from './cart.tables';
export {
  CART_COOKIE,
  type CartLineRow,
  type CartOwner,
  cartEmptying,
  cartOwnerOf,
  clearCartCookie,
  emptyCart,
} from './cart-owner';
export { cartReaderOf, visibleToOf } from './cart-reader';
export { mergeGuestCartAtSignIn } from './change-cart';
export { assertOrderingOpen } from './ordering-open';
