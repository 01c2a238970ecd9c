import { expect, test } from './fixtures';
import { lastMailTo, shopHydrated, signIn, unique } from './support';

test('a visitor registers a company account, forgets the password and resets it', async ({ page }) => {
  const email = `${unique('buyer')}@example.test`;
  await page.goto('/register');
  await shopHydrated(page);
  await page.getByText('Company', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Company' })).toBeChecked();
  await page.getByRole('button', { name: 'Create account' }).last().click();
  await expect(page.getByText('Company name is required for company users')).toBeVisible();

  await page.getByLabel(/^Company name/).fill('Blue Bay Traders');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('first-password-1');
  await page.getByLabel(/^Confirm password/).fill('first-password-1');
  await page.getByRole('button', { name: 'Create account' }).last().click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hello, Blue Bay Traders' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await shopHydrated(page);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that e-mail address')).toBeVisible();

  const mail = await lastMailTo(email);
  const link = /(http:\/\/\S+\/reset-password\/\S+)/.exec(mail)?.[1];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await shopHydrated(page);
  await page.getByLabel(/^New password/).fill('second-password-2');
  await page.getByLabel(/^Confirm new password/).fill('second-password-2');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login\?status=password-reset$/);
  await expect(page.getByText('Your password has been reset. You can now sign in.')).toBeVisible();

  await signIn(page, email, 'second-password-2');
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
});
