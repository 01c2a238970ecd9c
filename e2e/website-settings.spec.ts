import type { Page } from '@playwright/test';
import { WEBSITE_SETTINGS_MESSAGES } from '../src/contracts/website-settings';
import { expect, test } from './fixtures';
import { signIn, unique } from './support';

async function openWebsiteSettings(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Website settings' })
    .click();
  await expect(page).toHaveURL(/\/admin\/website-settings$/);
  await expect(page.getByRole('heading', { name: 'Website settings' })).toBeVisible();
}

test('an admin changes the company name, saves, and finds it kept after a reload', async ({ page }) => {
  const company = unique('Emporium Trading');
  await signIn(page, 'admin@demo.test');
  await openWebsiteSettings(page);

  const section = page.getByRole('region', { name: 'Company' });
  await section.getByLabel('Company name').fill(company);
  await section.getByLabel('Company e-mail').fill('accounts@emporium.test');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(WEBSITE_SETTINGS_MESSAGES.saved)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('region', { name: 'Company' }).getByLabel('Company name')).toHaveValue(company);
  await expect(page.getByRole('region', { name: 'Company' }).getByLabel('Company e-mail')).toHaveValue(
    'accounts@emporium.test',
  );
});

test('a bad address shows its message on the field and nothing is saved', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await openWebsiteSettings(page);

  const policies = page.getByRole('region', { name: 'Policies' });
  const privacy = policies.getByLabel('Privacy policy URL');
  await privacy.fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(policies.getByText(WEBSITE_SETTINGS_MESSAGES.url)).toBeVisible();
  await expect(privacy).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('form', { name: 'Website settings' }).getByRole('alert')).toHaveText(
    'Please correct the errors below.',
  );

  await page.reload();
  await expect(page.getByRole('region', { name: 'Policies' }).getByLabel('Privacy policy URL')).toHaveValue(
    '',
  );
});
