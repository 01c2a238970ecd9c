import { expect, test } from './fixtures';
import { expectToast, signIn } from './support';

test('an admin changes the primary colour, the storefront shows it, and Reset theme brings the default back', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/theme-settings');
  await expect(page.getByRole('heading', { name: 'Theme settings' })).toBeVisible();

  const primary = page.getByRole('textbox', { name: 'Primary colour' });
  await primary.fill('#c2185b');
  await primary.press('Enter');
  await page.getByRole('button', { name: 'Save colours' }).click();
  await expectToast(page, 'Theme settings updated successfully');

  await page.goto('/');
  const brand = page.getByTestId('shop-brand');
  await expect(brand).toBeVisible();
  const variable = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--theme-primary').trim(),
  );
  expect(variable).toBe('#c2185b');
  await expect(brand).toHaveCSS('color', 'rgb(194, 24, 91)');

  await page.goto('/admin/theme-settings');
  await expect(page.getByRole('heading', { name: 'Theme settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Reset theme' }).click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByText('Theme colours reset to their defaults')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Primary colour' })).toHaveValue('#3490dc');
  await page.goto('/');
  await expect(page.getByTestId('shop-brand')).toHaveCSS('color', 'rgb(52, 144, 220)');
});

test('an admin builds a slider from two library images, reorders the slides, and the order is kept after a reload', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/sliders');
  await expect(page.getByRole('heading', { name: 'Sliders', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'New slider' }).click();
  await expect(page.getByRole('heading', { name: 'New slider' })).toBeVisible();
  const name = `Journey ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);

  await page.getByRole('button', { name: 'Add slides from library' }).click();
  const picker = page.getByRole('dialog', { name: /Choose slide images/ });
  await picker.getByRole('textbox', { name: 'Search files' }).fill('Ceramic vase');
  await picker.getByRole('button', { name: 'Pick Ceramic vase.jpg' }).click();
  await picker.getByRole('textbox', { name: 'Search files' }).fill('Garden chair');
  await picker.getByRole('button', { name: 'Pick Garden chair.png' }).click();
  await picker.getByRole('button', { name: 'Use 2 files' }).click();
  await expect(picker).toBeHidden();

  const titles = page.getByRole('textbox', { name: 'Title' });
  await expect(titles).toHaveCount(2);
  await expect(titles.nth(0)).toHaveValue('Ceramic vase');
  await page.getByRole('button', { name: 'Move slide 2 up' }).click();
  await expect(titles.nth(0)).toHaveValue('Garden chair');
  await page.getByRole('button', { name: 'Save slider' }).click();
  await expectToast(page, 'Slider created successfully');
  await expect(page.getByRole('heading', { name: 'Edit slider' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Edit slider' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' }).nth(0)).toHaveValue('Garden chair');
  await expect(page.getByRole('textbox', { name: 'Title' }).nth(1)).toHaveValue('Ceramic vase');

  // Removing a slide asks first; cancelling keeps it.
  await page.getByRole('button', { name: 'Remove slide 2' }).click();
  const ask = page.getByRole('dialog', { name: 'Remove slide 2?' });
  await expect(ask).toContainText('Ceramic vase');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove slide 2' }).click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(1);

  await page.goto('/admin/sliders');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByTestId('confirm-button').click();
  await expectToast(page, 'Slider deleted successfully');
});

test('the storefront home page shows the demo home slider', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('home-slider')).toBeVisible();
  await expect(page.getByTestId('home-slider').getByRole('heading', { name: 'Summer sale' })).toBeVisible();
});
