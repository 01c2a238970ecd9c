import { expect, test } from './fixtures';

/**
 * The storefront catalogue as a guest (issue 14): home → menu → category → a product with colours
 * → colour and size → price and stock → quantity bounded by the variant's stock. The demo catalogue
 * gives "Linen cushion cover" the colours Coral, Ocean and Sand and the sizes S, M, L at 29, 33
 * and 37 dollars (over 20 % apart, so nothing is auto-selected), Ocean / S sold out and Ocean / L 9.
 */
test('a guest finds a product through the menu and chooses its colour, size and quantity', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('featured-products').getByTestId('product-card').first()).toBeVisible();

  // The menu's sub-items open on keyboard focus: Shop, then its first child.
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  await nav.getByRole('link', { name: 'Shop' }).focus();
  const category = nav.getByRole('link', { name: 'Home & Living' });
  await expect(category).toBeVisible();
  await category.click();

  await expect(page).toHaveURL(/\/category\/home-and-living/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home & Living' })).toBeVisible();
  await expect(page.getByTestId('page-meta')).toHaveAttribute('data-current-page', '1');
  await page.getByRole('link', { name: 'Linen cushion cover' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Linen cushion cover' })).toBeVisible();
  await expect(page.getByTestId('product-price')).toContainText('From');
  await expect(page.getByTestId('product-page')).toHaveAttribute('data-hydrated', 'true');

  // A colour is asked for first, then the size.
  const addToCart = page.getByTestId('add-to-cart');
  await addToCart.click();
  await expect(page.getByTestId('choice-problem')).toHaveText('Please select a color');
  await page.getByRole('radio', { name: 'Ocean' }).check();
  await addToCart.click();
  await expect(page.getByTestId('choice-problem')).toHaveText('Please select all required options');

  // Ocean / S is sold out: the page says so and will not add it.
  await page.getByRole('radio', { name: 'S', exact: true }).check();
  await expect(page.getByTestId('stock-notice')).toHaveText('Out of stock');
  await expect(addToCart).toBeDisabled();

  await page.getByRole('radio', { name: 'L', exact: true }).check();
  await expect(page.getByTestId('product-price')).not.toContainText('From');
  await expect(page.getByTestId('product-price')).toContainText('$37.00');
  await expect(page.getByTestId('stock-notice')).toHaveText('9 in stock');

  // The quantity is held to the variant's stock.
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await quantity.fill('15');
  await quantity.blur();
  await expect(quantity).toHaveValue('9');

  // A colour resets the size; Coral / L is low.
  await page.getByRole('radio', { name: 'Coral' }).check();
  await expect(page.getByRole('radio', { name: 'L', exact: true })).not.toBeChecked();
  await page.getByRole('radio', { name: 'L', exact: true }).check();
  await expect(page.getByTestId('stock-notice')).toHaveText('Only 3 left');

  // Add to cart raises the add-to-cart event with the choice (the cart itself comes later).
  const raised = page.evaluate(
    () =>
      new Promise((resolve) =>
        window.addEventListener('emporium:add-to-cart', (e) => resolve((e as CustomEvent).detail), {
          once: true,
        }),
      ),
  );
  await quantity.fill('2');
  await addToCart.click();
  expect(await raised).toMatchObject({
    quantity: 2,
    product_stock_id: expect.any(Number),
    color_id: expect.any(Number),
  });
});

test('the listing pages, filters and sorts through the address', async ({ page }) => {
  await page.goto('/products');
  const meta = page.getByTestId('page-meta');
  await expect(meta).toHaveAttribute('data-current-page', '1');
  const last = Number(await meta.getAttribute('data-last-page'));
  expect(last).toBeGreaterThan(1);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(meta).toHaveAttribute('data-current-page', '2');

  await page.getByRole('searchbox', { name: 'Search' }).fill('lamp');
  await page.getByRole('checkbox', { name: 'In stock only' }).check();
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “lamp”');
  const names = await page.getByTestId('product-card').getByRole('heading').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name.toLowerCase()).toContain('lamp');
});

test('a hidden product is not found by a guest', async ({ page }) => {
  const response = await page.goto('/products/oxygen-concentrator');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('This page could not be found.')).toBeVisible();
});

test('on a phone the menu opens and closes with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/products');
  const button = page.getByRole('button', { name: 'Menu' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const mobile = page.getByRole('navigation', { name: 'Main (mobile)' });
  await expect(mobile.getByRole('link', { name: 'Garden' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(mobile.getByRole('link', { name: 'Home' }).first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
});
