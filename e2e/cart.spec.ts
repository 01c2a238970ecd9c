import { expect, test } from './fixtures';
import { shopHydrated } from './support';

/**
 * The cart (spec 3 §7, decision 0050): a guest adds a simple product from its page, finds it in the
 * cart priced by the server, changes the quantity (never past the stock) and clears the cart after
 * confirming.
 */
test('a guest adds a product from its page, changes the quantity in the cart and clears it', async ({
  page,
}) => {
  await page.goto('/products?search=lamp');
  await page
    .getByRole('link', { name: /Reading lamp/ })
    .first()
    .click();
  await expect(page.getByTestId('product-page')).toHaveAttribute('data-hydrated', 'true');
  const price = (await page.getByTestId('product-price').innerText()).split('\n')[0]!;
  await page.getByTestId('quantity').fill('2');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('added-to-cart')).toContainText('Product added to cart successfully!');
  // The header's cart link follows the cart without a reload.
  await expect(page.getByRole('link', { name: 'Cart 2 items' })).toBeVisible();
  await page.getByRole('link', { name: 'View cart' }).click();

  await expect(page).toHaveURL(/\/cart$/);
  // A quantity typed before hydration would be reset to the server's (docs/decisions/0008).
  await shopHydrated(page);
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Reading lamp');
  await expect(line).toContainText(price);
  const quantity = page.getByRole('spinbutton', { name: /^Quantity of Reading lamp/ });
  await expect(quantity).toHaveValue('2');

  await quantity.fill('3');
  await page.getByRole('button', { name: /^Update quantity of Reading lamp/ }).click();
  await expect(page.getByRole('status')).toContainText('Cart updated successfully');
  await expect(page.getByText('Items (3)')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('3 items');

  // The field holds no more than the stock: a bigger number falls back to what is left.
  await quantity.fill('9999');
  await quantity.blur();
  await expect(quantity).not.toHaveValue('9999');

  await page.getByRole('button', { name: 'Clear cart' }).click();
  const confirm = page.getByRole('dialog', { name: 'Clear your cart?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(line).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear cart' }).click();
  await page.getByTestId('confirm-clear').click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Cart cleared.');
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});
