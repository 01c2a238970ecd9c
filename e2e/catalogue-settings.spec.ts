import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, unique } from './support';

async function openCatalogueSettings(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Catalogue settings' })
    .click();
  await expect(page).toHaveURL(/\/admin\/catalogue-settings$/);
  await expect(page.getByRole('heading', { name: 'Catalogue settings' })).toBeVisible();
}

async function openTab(page: Page, name: string, slug: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  // The first tab is the page's own address; the others say which tab they are.
  await expect(page).toHaveURL(
    slug === 'categories' ? /\/admin\/catalogue-settings$/ : new RegExp(`\\?tab=${slug}`),
  );
}

test('an admin sets up categories, an attribute with values, a colour and a VAT rate, and deletes one', async ({
  page,
}) => {
  const top = unique('Clothing');
  const child = unique('Dresses');
  const colour = unique('Ocean');
  const vat = unique('Bottle fee');
  const attribute = unique('Fit');

  await signIn(page, 'admin@demo.test');
  await openCatalogueSettings(page);

  // Categories: a top category, then a subcategory under it.
  await page.getByRole('button', { name: 'New category' }).first().click();
  const newCategory = page.getByRole('dialog', { name: 'New category' });
  await newCategory.getByRole('button', { name: 'Create category' }).click();
  await expect(newCategory.getByText('Name is required')).toBeVisible();
  await newCategory.getByRole('textbox', { name: 'Name' }).fill(top);
  await newCategory.getByRole('button', { name: 'Create category' }).click();
  await expect(newCategory).toBeHidden();
  const categories = page.getByRole('table', { name: 'Categories' });
  await expect(categories.getByText(top, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Add subcategory to ${top}` }).click();
  const newChild = page.getByRole('dialog', { name: 'New subcategory' });
  await expect(newChild.getByRole('combobox', { name: 'Parent category' })).toHaveValue(top);
  await newChild.getByRole('textbox', { name: 'Name' }).fill(child);
  await newChild.getByRole('button', { name: 'Create category' }).click();
  await expect(newChild).toBeHidden();
  // The child sits right under its parent, indented.
  const names = categories.locator('tbody tr td:first-child');
  await expect(names.filter({ hasText: child })).toBeVisible();
  const rows = await names.allInnerTexts();
  expect(rows.findIndex((text) => text.includes(child))).toBe(
    rows.findIndex((text) => text.includes(top)) + 1,
  );

  // Attributes: a new one (the demo shop has Size and Material) with the values S, M and L.
  await openTab(page, 'Attributes', 'attributes');
  await page.getByRole('button', { name: 'New attribute' }).click();
  const newAttribute = page.getByRole('dialog', { name: 'New attribute' });
  await newAttribute.getByRole('textbox', { name: 'Name' }).fill(attribute);
  await newAttribute.getByRole('button', { name: 'Create attribute' }).click();
  await expect(newAttribute).toBeHidden();
  await expect(page.getByRole('heading', { name: attribute })).toBeVisible();
  const values = page.getByRole('table', { name: `Values of ${attribute}` });
  for (const value of ['S', 'M', 'L']) {
    await page.getByRole('button', { name: 'Add value' }).first().click();
    const dialog = page.getByRole('dialog', { name: `New value of ${attribute}` });
    if (value === 'S') {
      // spec 3 §5: the value is required.
      await dialog.getByRole('button', { name: 'Add value' }).click();
      await expect(dialog.getByText('Value is required')).toBeVisible();
    }
    await dialog.getByRole('textbox', { name: 'Value' }).fill(value);
    await dialog.getByRole('button', { name: 'Add value' }).click();
    await expect(dialog).toBeHidden();
    await expect(values.getByText(value, { exact: true })).toBeVisible();
  }
  // A value twice is refused by the server; the modal shows why.
  await page.getByRole('button', { name: 'Add value' }).first().click();
  const duplicate = page.getByRole('dialog', { name: `New value of ${attribute}` });
  await duplicate.getByRole('textbox', { name: 'Value' }).fill('m');
  await duplicate.getByRole('button', { name: 'Add value' }).click();
  await expect(duplicate.getByText('This attribute already has that value.')).toBeVisible();
  await duplicate.getByRole('button', { name: 'Cancel' }).click();
  await expect(values.getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('navigation', { name: 'Attributes' }).getByText(attribute)).toBeVisible();

  // Colours: a name and a colour code, shown with its swatch.
  await openTab(page, 'Colours', 'colours');
  await page.getByRole('button', { name: 'New colour' }).first().click();
  const newColour = page.getByRole('dialog', { name: 'New colour' });
  await newColour.getByRole('textbox', { name: 'Name' }).fill(colour);
  await newColour.getByRole('textbox', { name: 'Colour', exact: true }).fill('#1E90FF');
  await newColour.getByRole('textbox', { name: 'Name' }).click();
  await newColour.getByRole('button', { name: 'Create colour' }).click();
  await expect(newColour).toBeHidden();
  const colours = page.getByRole('table', { name: 'Colours' });
  const colourRow = colours.getByRole('row').filter({ hasText: colour });
  await expect(colourRow).toContainText('#1e90ff');

  // VAT rates: the rate field says what the number means for each type.
  await openTab(page, 'VAT rates', 'vat-rates');
  await page.getByRole('button', { name: 'New VAT rate' }).first().click();
  const newVat = page.getByRole('dialog', { name: 'New VAT rate' });
  await newVat.getByRole('textbox', { name: 'Name' }).fill(vat);
  await expect(newVat.getByRole('textbox', { name: 'Rate (%)' })).toBeVisible();
  await newVat.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Fixed amount per unit' }).click();
  await expect(newVat.getByRole('textbox', { name: 'Rate (%)' })).toBeHidden();
  await newVat.getByRole('textbox', { name: 'Amount per unit' }).fill('0.25');
  await newVat.getByRole('button', { name: 'Create VAT rate' }).click();
  await expect(newVat).toBeHidden();
  const vats = page.getByRole('table', { name: 'VAT rates' });
  await expect(vats.getByRole('row').filter({ hasText: vat })).toContainText('$0.25 per unit');

  // A reload keeps the tab.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'VAT rates' })).toHaveAttribute('aria-selected', 'true');

  // Deleting asks first: cancel keeps the colour, confirm deletes it.
  await openTab(page, 'Colours', 'colours');
  await page.getByRole('button', { name: `Delete ${colour}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete the colour ${colour}?` });
  await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(colours.getByText(colour, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${colour}` }).click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByText('Colour deleted.')).toBeVisible();
  await expect(colours.getByText(colour, { exact: true })).toHaveCount(0);

  // A top category with a subcategory is not deleted; the server says why.
  await openTab(page, 'Categories', 'categories');
  await page.getByRole('button', { name: `Delete ${top}` }).click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByText('This category has 1 subcategory. Move or delete it first.')).toBeVisible();
  await expect(categories.getByText(top, { exact: true })).toBeVisible();
});

test('staff may open Catalogue settings; a customer may not', async ({ page }) => {
  await signIn(page, 'staff@demo.test');
  await openCatalogueSettings(page);
  await expect(page.getByRole('tab', { name: 'Categories' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, 'customer@demo.test');
  const refused = await page.goto('/admin/catalogue-settings');
  expect(refused?.status()).toBe(403);
  await expect(page.getByText('You do not have permission to open this page.')).toBeVisible();
});
