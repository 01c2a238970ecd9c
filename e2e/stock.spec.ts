import { expect, test } from './fixtures';
import { expectToast, signIn, unique } from './support';

/*
 * The stock journey (spec 2 §2 "Stock screens", §5, §7): a store location is added in the stock
 * settings' modal; on the stock sheet a demo variant's stock is counted at that location through
 * the update dialog; the movement shows in the variant's stock history, a note in its notes
 * history; the sheet exports as an Excel file.
 */
test('an admin adds a store location, counts a variant there, reads its histories and exports the sheet', async ({
  page,
}) => {
  // A demo variable product (src/server/modules/catalogue/demo-catalogue-data.ts): 9 of Palm / M.
  const product = 'Beach robe';
  const variant = 'Palm / M';
  const item = `${product} — ${variant}`;
  const note = unique('Two set aside for the window display');

  await signIn(page, 'admin@demo.test');

  // Stock settings → Store locations → add "Back room" (the name is required first).
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Stock settings' })
    .click();
  await expect(page.getByRole('heading', { name: 'Stock settings' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Stock management enabled' })).toBeChecked();
  await page.getByRole('button', { name: 'Store locations' }).click();
  const locations = page.getByRole('dialog', { name: 'Store locations' });
  // The demo shop keeps its stock at two locations already.
  await expect(locations.getByRole('table', { name: 'Store locations' })).toContainText('Main shop');
  await locations.getByRole('button', { name: 'Add location' }).click();
  const locationForm = page.getByRole('form', { name: 'New store location' });
  await locationForm.getByRole('button', { name: 'Add location' }).click();
  await expect(locationForm.getByText('Location name is required')).toBeVisible();
  await locationForm.getByRole('textbox', { name: 'Name' }).fill('Back room');
  await locationForm.getByRole('textbox', { name: 'Code' }).fill('BR');
  await locationForm.getByRole('button', { name: 'Add location' }).click();
  await expectToast(page, 'Store location created successfully');
  const locationTable = page.getByRole('table', { name: 'Store locations' });
  await expect(locationTable.getByRole('row').filter({ hasText: 'Back room' })).toContainText('Active');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Store locations' })).toHaveCount(0);

  // The stock sheet, searched for the product: its variants under it.
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Stock sheet' })
    .click();
  await expect(page.getByRole('heading', { name: 'Stock sheet' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search stock' }).fill(product);
  await expect(page).toHaveURL(/search=Beach/);
  const sheet = page.getByRole('table', { name: 'Stock sheet' });
  const variantRow = sheet
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Update stock of ${item}` }) });
  await expect(variantRow).toHaveCount(1);
  await expect(variantRow.getByTestId('current-stock')).toHaveText('9');

  // The update dialog: the spec's messages before anything is sent, then product, variant, location, quantity.
  await page.getByRole('button', { name: 'Update stock', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Update stock' });
  await dialog.getByRole('button', { name: 'Update stock' }).click();
  await expect(dialog.getByText('Please select a product')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid stock quantity (0 or greater)')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Product' }).fill('Beach ro');
  await page.getByRole('option', { name: new RegExp(product) }).click();
  await expect(dialog.getByTestId('chosen-product')).toContainText(product);
  await dialog.getByRole('button', { name: 'Update stock' }).click();
  await expect(dialog.getByText('Please select a variant')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Variant' }).click();
  await page.getByRole('option', { name: new RegExp(`^${variant.replace('/', '\\/')}`) }).click();
  await dialog.getByRole('combobox', { name: 'Store location' }).click();
  await page.getByRole('option', { name: /^Back room/ }).click();
  await expect(dialog.getByText('Now 0 at Back room, 9 in all.', { exact: false })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'New quantity' }).fill('5');
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('Counted in the back room');
  await dialog.getByRole('button', { name: 'Update stock' }).click();

  // The success message, the row's new total and where it sits; the message goes after 5 s (spec 2 §9).
  const success = page.getByTestId('stock-success');
  await expect(success).toContainText('Stock updated successfully');
  await expect(page.getByRole('dialog', { name: 'Update stock' })).toHaveCount(0);
  await expect(variantRow.getByTestId('current-stock')).toHaveText('14');
  await expect(variantRow.getByLabel('Stock by location')).toContainText('Back room: 5');
  await expect(success).toHaveCount(0, { timeout: 8000 });

  // The variant's stock history shows the movement.
  await variantRow.getByRole('link', { name: `Stock history of ${item}` }).click();
  await expect(page.getByRole('heading', { name: 'Stock history' })).toBeVisible();
  const movements = page.getByRole('table', { name: 'Stock movements' });
  const movement = movements.getByRole('row').filter({ hasText: 'Back room' });
  await expect(movement).toHaveCount(1);
  await expect(movement).toContainText('Manual update');
  await expect(movement).toContainText('+5');
  await expect(movement).toContainText('9 → 14');
  await expect(movement).toContainText('Counted in the back room');

  // A note about the variant, from the sheet's row, shows in its notes history.
  await page.getByRole('link', { name: 'Back to the stock sheet' }).click();
  await expect(page.getByRole('heading', { name: 'Stock sheet' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search stock' }).fill(product);
  await expect(variantRow).toHaveCount(1);
  await variantRow.getByRole('button', { name: `Add note to ${item}` }).click();
  const noteDialog = page.getByRole('dialog', { name: 'Add stock note' });
  await noteDialog.getByRole('button', { name: 'Save note' }).click();
  await expect(noteDialog.getByText('Please enter a note')).toBeVisible();
  await noteDialog.getByRole('textbox', { name: 'Note' }).fill(note);
  await noteDialog.getByRole('button', { name: 'Save note' }).click();
  await expectToast(page, 'Stock note saved successfully');
  await variantRow.getByRole('link', { name: `Notes history of ${item}` }).click();
  await expect(page.getByRole('heading', { name: 'Notes history' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Stock notes' }).getByRole('row').filter({ hasText: note }),
  ).toHaveCount(1);

  // Its purchase history, from the header's link: no order has bought the new variant yet.
  await page.getByRole('link', { name: 'Purchase history' }).click();
  await expect(page.getByRole('heading', { name: 'Purchase history' })).toBeVisible();
  await expect(page.getByText('No purchases yet')).toBeVisible();
  await expect(page.getByText(product).first()).toBeVisible();

  // Back on the sheet, the export downloads an Excel file.
  await page.getByRole('link', { name: 'Back to the stock sheet' }).click();
  await expect(page.getByRole('heading', { name: 'Stock sheet' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});
