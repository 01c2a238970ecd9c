/**
 * Kept apart from the cart's zod contracts so the storefront's product page can show them without
 * loading zod (the shop's initial JavaScript budget, issue 18).
 */
/** Words of the cart: spec 3 §5, §8 Storefront where it has them, the shop's own otherwise. */
export const CART_MESSAGES = {
  // spec 3 §8 Storefront
  loadFailed: 'Failed to load cart data',
  updateFailed: 'Failed to update cart',
  removeFailed: 'Failed to remove item from cart',
  clearFailed: 'Failed to clear cart',
  addError: 'An error occurred while adding to cart',
  addFailed: 'Failed to add product to cart',
  added: 'Product added to cart successfully!',
  updated: 'Cart updated successfully',
  removed: 'Item removed from cart.',
  // spec 3 §5
  selectProduct: 'Please select a product',
  selectColor: 'Please select a color',
  selectOptions: 'Please select all required options',
  invalidCombination: 'Please select a valid combination of options',
  quantity: 'Please select a valid quantity',
  quantityAtLeastOne: 'Quantity must be at least 1',
  // the shop's
  cleared: 'Cart cleared.',
  notEnoughStock: 'Not enough stock for this product.',
  productNotFound: 'This product is not available.',
  itemNotFound: 'This item is no longer in your cart.',
  cartItem: 'Choose an item of your cart.',
} as const;
