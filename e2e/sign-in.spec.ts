import { expect, test } from '@playwright/test';
import { signIn, signOutFromAdmin } from './support';

test('an admin signs in, sees the back office and signs out', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('signed-in-user')).toHaveText('Ada Admin');
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Roles & permissions' })).toBeVisible();
  await signOutFromAdmin(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
});

test('a wrong password shows the error beside the field', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill('admin@demo.test');
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a partner lands in the customer area and switches to the partner role', async ({ page }) => {
  await signIn(page, 'partner@demo.test');
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hello, Priya Partner' })).toBeVisible();
  await page.getByRole('button', { name: 'Use as partner' }).click();
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Use as customer' })).toBeVisible();
});

test('staff cannot open the users page', async ({ page }) => {
  await signIn(page, 'staff@demo.test');
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(nav.getByRole('link', { name: 'File library' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  const response = await page.goto('/admin/users');
  expect(response?.status()).toBe(403);
  await expect(page.getByText('You do not have permission to open this page.')).toBeVisible();
});
