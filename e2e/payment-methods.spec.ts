import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { dragRow, signIn, unique } from './support';

/** A 2×2 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWMwmXDHZMIdBggFACruBoHbcbebAAAAAElFTkSuQmCC';

/** The codes of the payment-method rows, top to bottom. */
async function rowCodes(page: Page): Promise<string[]> {
  const rows = page.getByRole('table', { name: 'Payment methods' }).locator('tbody tr');
  const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('payment-method-row-', ''));
}

const methodDrag = (page: Page, from: string, to: string) =>
  dragRow(page, from, to, (row) => `Drag to reorder ${row}`);

test('an admin drags a payment method to the top and changes a status inline; both survive a reload', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Payment methods' })
    .click();
  await expect(page).toHaveURL(/\/admin\/payment-methods$/);
  await expect(page.getByRole('heading', { name: 'Payment methods' })).toBeVisible();
  await expect.poll(() => rowCodes(page)).toEqual(['cod', 'bank_transfer', 'card']);

  await methodDrag(page, 'Card', 'Cash on delivery');
  await expect(page.getByText('Payment method order updated.')).toBeVisible();
  await expect.poll(() => rowCodes(page)).toEqual(['card', 'cod', 'bank_transfer']);

  await page.getByRole('combobox', { name: 'Status of Bank transfer' }).click();
  await page.getByRole('option', { name: 'Backend Only' }).click();
  await expect(page.getByText('Bank transfer is now Backend Only.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment methods' })).toBeVisible();
  await expect.poll(() => rowCodes(page)).toEqual(['card', 'cod', 'bank_transfer']);
  await expect(page.getByRole('combobox', { name: 'Status of Bank transfer' })).toHaveValue('Backend Only');
  await expect(page.getByRole('combobox', { name: 'Status of Card' })).toHaveValue('Shop Only');
});

test('an admin edits a payment method: a stored secret stays hidden and kept; cancel returns to the list', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/payment-methods');
  await expect(page.getByRole('heading', { name: 'Payment methods' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit Card' }).click();
  await expect(page.getByRole('heading', { name: 'Edit payment method' })).toBeVisible();
  const secret = page.getByLabel('Value of secret_key');
  await expect(secret).toHaveValue('');
  await expect(secret).toHaveAttribute('placeholder', 'Stored (kept if blank)');
  await page.getByRole('textbox', { name: 'Description' }).fill('Visa, Mastercard and Amex');
  // The icon: a file that is not an image is refused before upload; a PNG is shown and sent.
  const picker = page.locator('input[type="file"]');
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('The icon must be an image of type JPEG, PNG, GIF or WebP.')).toBeVisible();
  await picker.setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
  await expect(page.getByText('Chosen: card.png', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Save payment method' }).click();
  await expect(page.getByText('Payment method updated.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/payment-methods$/);
  await expect(page.getByText('Visa, Mastercard and Amex')).toBeVisible();
  await expect(page.getByTestId('payment-method-row-card').locator('img')).toHaveAttribute(
    'src',
    /\/uploads\/files\/.+\.png$/,
  );

  await page.getByRole('link', { name: 'New payment method' }).first().click();
  await expect(page.getByRole('heading', { name: 'New payment method' })).toBeVisible();
  await page.getByRole('button', { name: 'Create payment method' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Please correct the errors below.')).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/payment-methods$/);
});

test('an admin creates, edits and deletes a pickup point', async ({ page }) => {
  const name = unique('Depot');
  await signIn(page, 'admin@demo.test');
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Pickup points' })
    .click();
  await expect(page.getByRole('heading', { name: 'Pickup points' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Pickup points' });
  await expect(table.getByText('Port Louis shop')).toBeVisible();

  await page.getByRole('button', { name: 'New pickup point' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New pickup point' });
  await dialog.getByRole('button', { name: 'Create pickup point' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Address is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Address' }).fill('7 Harbour Road, Mahébourg');
  await dialog.getByRole('textbox', { name: 'Operating hours' }).fill('Daily 8:00–18:00');
  await dialog.getByRole('textbox', { name: 'Service fee' }).fill('35');
  await dialog.getByRole('button', { name: 'Create pickup point' }).click();
  await expect(page.getByText('Pickup point created.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Search pickup points' }).fill(name);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('35.00');
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit pickup point' });
  await edit.getByRole('textbox', { name: 'Phone' }).fill('+230 5250 7777');
  await edit.getByRole('switch', { name: /Active/ }).click({ force: true });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Pickup point updated.')).toBeVisible();
  await expect(row).toContainText('+230 5250 7777');
  await expect(row).toContainText('Inactive');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByText('Pickup point deleted.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
