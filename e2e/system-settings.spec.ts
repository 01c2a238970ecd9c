import type { Page } from '@playwright/test';
import { FILE_STORAGE_MESSAGES } from '../src/contracts/file-storage';
import { SYSTEM_SETTINGS_MESSAGES as M } from '../src/contracts/system-settings';
import { S3_TEST_KEYS, startS3Server } from '../src/test/s3-server';
import { expect, test } from './fixtures';
import { signIn } from './support';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin navigation' });

async function openSystemSettings(page: Page): Promise<void> {
  await nav(page).getByRole('link', { name: 'System settings' }).click();
  await expect(page).toHaveURL(/\/admin\/system-settings$/);
  await expect(page.getByRole('heading', { name: 'System settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible();
}

async function chooseDateFormat(page: Page, option: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Date format' }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The "Created" dates of the users list. */
async function createdDates(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const column = headers.findIndex((h) => h.trim().startsWith('Created'));
  expect(column).toBeGreaterThanOrEqual(0);
  const cells = table.locator(`tbody tr td:nth-child(${column + 1})`);
  // The list shows placeholder rows while it loads: wait until every row holds a date.
  await expect
    .poll(async () => {
      const texts = await cells.allInnerTexts();
      return texts.length > 0 && texts.every((t) => t.trim() !== '');
    })
    .toBe(true);
  return cells.allInnerTexts();
}

test('an admin switches the date format, other admin pages follow, and Reset puts it back', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/users');
  for (const date of await createdDates(page)) expect(date.trim()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

  await openSystemSettings(page);
  await expect(page.getByRole('combobox', { name: 'Date format' })).toHaveValue('DD/MM/YYYY (31/12/2026)');
  await chooseDateFormat(page, 'YYYY-MM-DD (2026-12-31)');
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(M.saved)).toBeVisible();

  // Saved: leaving asks nothing, and the users list shows its dates the new way.
  await nav(page).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect.poll(async () => (await createdDates(page))[0]?.trim()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  for (const date of await createdDates(page)) expect(date.trim()).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // Reset asks first, then the default format is back.
  await openSystemSettings(page);
  await expect(page.getByRole('combobox', { name: 'Date format' })).toHaveValue('YYYY-MM-DD (2026-12-31)');
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset system settings?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Date format' })).toHaveValue('YYYY-MM-DD (2026-12-31)');
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await dialog.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(page.getByText(M.reset)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Date format' })).toHaveValue('DD/MM/YYYY (31/12/2026)');
  await nav(page).getByRole('link', { name: 'Users' }).click();
  await expect.poll(async () => (await createdDates(page))[0]?.trim()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
});

test('leaving with unsaved changes asks first, in the app and when the tab closes', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/users');
  await openSystemSettings(page);
  await page.getByRole('switch', { name: 'Maintenance mode' }).click({ force: true });
  await expect(page.getByRole('switch', { name: 'Maintenance mode' })).toBeChecked();

  // In the app: Cancel stays with the changes, Leave goes without saving.
  await nav(page).getByRole('link', { name: 'Users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(dialog).toContainText(M.unsaved);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/system-settings$/);
  await expect(page.getByRole('switch', { name: 'Maintenance mode' })).toBeChecked();

  await nav(page).getByRole('link', { name: 'Users' }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  // The users page is in place (the blocked navigation has finished) before the next one starts.
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await openSystemSettings(page);
  await expect(page.getByRole('switch', { name: 'Maintenance mode' })).not.toBeChecked();

  // Closing or reloading the tab: the browser's own prompt.
  await page.getByRole('switch', { name: 'Maintenance mode' }).click({ force: true });
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const prompt = await asked;
  expect(prompt.type()).toBe('beforeunload');
  await prompt.dismiss();
});

test('an admin sets how many rows lists start with; the products list follows', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await openSystemSettings(page);
  const rows = page.getByRole('combobox', { name: 'Rows per page' });
  await expect(rows).toHaveValue('10');
  await rows.click();
  await page.getByRole('option', { name: '25' }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(M.saved)).toBeVisible();

  await nav(page).getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/admin\/products/);
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');
  await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();

  // Back to 10, so other journeys see the default.
  await openSystemSettings(page);
  await rows.click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(M.saved).last()).toBeVisible();
});

test('an admin stores new files in an S3-compatible bucket and tests the connection', async ({ page }) => {
  const s3 = await startS3Server('emporium-e2e');
  try {
    await signIn(page, 'admin@demo.test');
    await openSystemSettings(page);
    const section = page.getByRole('region', { name: 'File storage' });
    await section.getByText('S3-compatible bucket').click();
    await section.getByRole('textbox', { name: 'Endpoint' }).fill('ftp://files.example.com');
    await page.getByRole('button', { name: 'Save settings' }).click();
    // The form checks the endpoint before sending.
    await expect(section.getByText(FILE_STORAGE_MESSAGES.endpoint)).toBeVisible();

    await section.getByRole('textbox', { name: 'Endpoint' }).fill(s3.endpoint);
    await section.getByRole('textbox', { name: 'Bucket' }).fill(s3.bucket);
    await section.getByRole('textbox', { name: 'Access key' }).fill(S3_TEST_KEYS.accessKeyId);
    await section.getByLabel('Secret key').fill(S3_TEST_KEYS.secretAccessKey);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText(M.saved)).toBeVisible();
    await expect(section.getByText('Stored', { exact: true })).toBeVisible();

    await section.getByRole('button', { name: 'Test connection' }).click();
    await expect(section.getByRole('status')).toHaveText(FILE_STORAGE_MESSAGES.tested(s3.bucket));

    // A bucket that does not exist: the reason in plain words, unsaved values tested as they are.
    await section.getByRole('textbox', { name: 'Bucket' }).fill('no-such-bucket');
    await section.getByRole('button', { name: 'Test connection' }).click();
    await expect(section.getByRole('alert')).toContainText('The bucket "no-such-bucket" does not exist');
    await page.screenshot({ path: 'test-results/system-settings-file-storage.png', fullPage: true });

    // Back to the server's disk, so other journeys store files as before.
    await section.getByRole('textbox', { name: 'Bucket' }).fill(s3.bucket);
    await section.getByText("This server's disk").click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText(M.saved).last()).toBeVisible();
  } finally {
    await s3.close();
  }
});
