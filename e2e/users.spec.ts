import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectToast, signIn, signOutFromAdmin, unique } from './support';

/** Finds the users list row that shows this e-mail, after searching for it. */
async function searchUsers(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search users' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/[.]/g, '\\.')}`));
  const table = page.getByRole('table', { name: 'Users' });
  return table.getByRole('row').filter({ hasText: text });
}

async function chooseRole(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: label }).click();
  await page.keyboard.press('Escape');
}

test('an admin creates a company user with two roles, edits them, and the user signs in', async ({
  page,
}) => {
  const word = unique('acme');
  const email = `${word}@example.test`;
  const password = 'company-pass-2026';

  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/users');
  await page.getByRole('link', { name: 'New user' }).first().click();
  await expect(page).toHaveURL(/\/admin\/users\/create$/);
  // The address changes before the form's code has loaded; the list's "Company" column is still there.
  await expect(page.getByRole('heading', { name: 'New user' })).toBeVisible();

  await page.getByText('Company', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Company' })).toBeChecked();
  // spec 2 §5: switching to individual clears the company and address fields.
  await page.getByLabel('Company name').fill('Draft Ltd');
  await page.getByLabel('City').fill('Curepipe');
  await page.getByText('Individual', { exact: true }).click();
  await expect(page.getByLabel('City')).toHaveValue('');
  await page.getByText('Company', { exact: true }).click();
  await expect(page.getByLabel('Company name')).toHaveValue('');
  await page.getByLabel('Company name').fill(`Acme ${word} Ltd`);
  await page.getByLabel('Registration number').fill('C07012345');
  await page.getByLabel('VAT number').fill('VAT-778899');
  await page.getByLabel('First name').fill('Nadia');
  await page.getByLabel('Last name').fill('Ramsamy');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel('Phone').fill('+230 5400 1000');
  await chooseRole(page, 'Partner');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByLabel('Address', { exact: true }).fill('3 Quay Street');
  await page.getByLabel('City').fill('Port Louis');
  await page.getByLabel('Country').fill('Mauritius');
  await page.getByRole('button', { name: 'Create user' }).click();

  await expectToast(page, 'User created successfully');
  await expect(page).toHaveURL(/\/admin\/users$/);

  const row = await searchUsers(page, email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Acme ${word} Ltd`);
  await expect(row).toContainText('partner');
  await expect(row).toContainText('customer');
  await expect(row).toContainText('+230 5400 1000');

  await row.getByRole('link', { name: 'Edit Nadia Ramsamy' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Nadia Ramsamy' })).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue(`Acme ${word} Ltd`);
  await expect(page.getByLabel('City')).toHaveValue('Port Louis');
  await page.getByLabel('Phone').fill('+230 5400 2222');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'User updated successfully');
  await expect(page).toHaveURL(/\/admin\/users$/);
  const edited = await searchUsers(page, email);
  await expect(edited).toContainText('+230 5400 2222');

  await signOutFromAdmin(page);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hello, Nadia Ramsamy' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use as partner' })).toBeVisible();
});

test('an admin suspends a user with a reason and sees the status', async ({ page }) => {
  const word = unique('sam');
  const email = `${word}@example.test`;

  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/users/create');
  await page.getByLabel('First name').fill('Sunil');
  await page.getByLabel('Last name').fill(word);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('individual-pass');
  await page.getByLabel(/^Confirm password/).fill('individual-pass');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expectToast(page, 'User created successfully');

  const row = await searchUsers(page, email);
  await expect(row.getByTestId('account-status')).toHaveText(/active/i);
  await row.getByRole('button', { name: `Change status of Sunil ${word}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Change account status' });
  await dialog.getByRole('combobox', { name: 'Account status' }).click();
  await page.getByRole('option', { name: 'Suspended' }).click();
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(dialog.getByText('A reason is required when suspending or closing an account')).toBeVisible();

  await dialog.getByLabel(/^Reason/).fill('Chargeback under investigation');
  await dialog.getByRole('button', { name: 'Save status' }).click();
  const confirm = page.getByRole('dialog', { name: `Suspend Sunil ${word}'s account?` });
  await confirm.getByRole('button', { name: 'Suspend account' }).click();

  await expectToast(page, 'Account status updated successfully');
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('account-status')).toHaveText(/suspended/i);

  // The status filter finds them; the suspended user cannot sign in.
  await page.getByRole('combobox', { name: 'Filter by account status' }).click();
  await page.getByRole('option', { name: 'Suspended' }).click();
  await expect(page).toHaveURL(/account_status=suspended/);
  await expect(
    page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email }),
  ).toHaveCount(1);

  await signOutFromAdmin(page);
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('individual-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Your account is suspended. Please contact support.')).toBeVisible();
});
