import { addDays, formatIsoDate, isoDateInZone } from '../src/domain/dates/date-format';
import { expect, test } from './fixtures';
import { signIn, unique } from './support';

/** Tomorrow in the shop's time zone (the default Indian/Mauritius), as ISO. */
function shopTomorrow(): string {
  return addDays(isoDateInZone(new Date(), 'Indian/Mauritius'), 1);
}

/*
 * A discount rule dated from tomorrow is created through the form, shows in the list, can be
 * switched off and on, edited and deleted. The next journey shows it does not price anything today.
 */
test('an admin creates a discount rule from tomorrow, sees it in the list, switches it, edits and deletes it', async ({
  page,
}) => {
  const name = unique('Launch');
  const tomorrow = shopTomorrow();
  const shown = formatIsoDate(tomorrow, 'DD/MM/YYYY');

  await signIn(page, 'admin@demo.test');
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Discount rules' })
    .click();
  await expect(page).toHaveURL(/\/admin\/discounts$/);
  await expect(page.getByRole('heading', { name: 'Discount rules' })).toBeVisible();

  await page.getByRole('link', { name: 'New discount rule' }).first().click();
  await expect(page).toHaveURL(/\/admin\/discounts\/create$/);
  const form = page.getByRole('form', { name: 'New discount rule' });

  // Nothing filled: the contract's messages, before anything is sent.
  await form.getByRole('button', { name: 'Create discount rule' }).click();
  await expect(form.getByText('Please enter a name for the discount rule.')).toBeVisible();
  await expect(form.getByText('Please enter the discount value.')).toBeVisible();

  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Description' }).fill('Opening offer, from tomorrow');
  await form.getByRole('textbox', { name: 'Value' }).fill('20');
  // spec 2 §5: the discount form's own words for a date not in the display format.
  await form.getByRole('textbox', { name: 'Start date' }).fill(tomorrow);
  await form.getByRole('textbox', { name: 'End date' }).click();
  await expect(form.getByText('Please enter date in DD/MM/YYYY format.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Start date' }).fill(shown);
  await form.getByRole('textbox', { name: 'End date' }).click();
  await expect(form.getByText('Please enter date in DD/MM/YYYY format.')).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Priority' }).fill('4');
  await form.getByRole('button', { name: 'Create discount rule' }).click();

  await expect(page.getByText('Discount rule created successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/discounts$/);
  await page.getByRole('textbox', { name: 'Search discount rules' }).fill(name);
  await expect(page).toHaveURL(new RegExp(`search=${name}`));
  const table = page.getByRole('table', { name: 'Discount rules' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Global');
  await expect(row).toContainText('20 %');
  await expect(row).toContainText('All Roles');
  await expect(row).toContainText(`From ${shown}`);
  await expect(row).toContainText('0 / ∞');

  // The date went to the server as ISO, and the rule does not apply today.
  const listed = await (await page.request.get(`/api/discounts?search=${name}`)).json();
  expect(listed.data).toEqual([
    expect.objectContaining({ name, start_date: tomorrow, end_date: null, priority: 4, is_active: true }),
  ]);
  const missing = await page.request.get('/api/products/2147483647/applicable-discount-rules');
  expect(missing.status()).toBe(404);

  // spec 2 §4: the switch saves the rule again with is_active inverted; it stays so after a reload.
  const active = row.getByRole('switch', { name: `Active: ${name}` });
  await expect(active).toBeChecked();
  await active.click({ force: true });
  await expect(page.getByText(`${name} is now inactive.`)).toBeVisible();
  await page.reload();
  await expect(table.getByRole('switch', { name: `Active: ${name}` })).not.toBeChecked();
  await table.getByRole('switch', { name: `Active: ${name}` }).click({ force: true });
  await expect(page.getByText(`${name} is now active.`)).toBeVisible();

  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
  const edit = page.getByRole('form', { name: 'Edit discount rule' });
  await expect(edit.getByRole('textbox', { name: 'Start date' })).toHaveValue(shown);
  await edit.getByRole('textbox', { name: 'Value' }).fill('25');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Discount rule updated successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/discounts$/);
  await page.getByRole('textbox', { name: 'Search discount rules' }).fill(name);
  await expect(row).toContainText('25 %');

  // Delete asks first; cancelling keeps the rule.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  // Closed before the next click, as a person's next click would find it: a click during the close
  // was once lost in CI (the dialog never opened again).
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByText('Discount rule deleted successfully.')).toBeVisible();
  await expect(page.getByText('No discount rules match')).toBeVisible();
});

/*
 * The journey: a rule dated from tomorrow, for one demo product, at a priority above the
 * demo's store-wide rule and at 50 %: the product's price in the list today is what it was.
 */
test('a product rule dated from tomorrow leaves the price today unchanged', async ({ page }) => {
  const name = unique('Half price');
  const product = 'Teak side table';
  await signIn(page, 'admin@demo.test');

  const listPath = `/admin/products?search=${encodeURIComponent(product)}`;
  await page.goto(listPath);
  const products = page.getByRole('table', { name: 'Products' });
  const row = products.getByRole('row').filter({ hasText: product });
  await expect(row).toHaveCount(1);
  const before = await row.innerText();
  expect(before).toMatch(/\$\d/);

  await page.goto('/admin/discounts/create');
  const form = page.getByRole('form', { name: 'New discount rule' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Product', exact: true }).click();
  await form.getByRole('textbox', { name: 'Value' }).fill('50');
  await form.getByRole('textbox', { name: 'Start date' }).fill(formatIsoDate(shopTomorrow(), 'DD/MM/YYYY'));
  await form.getByRole('textbox', { name: 'Priority' }).fill('20');
  await form.getByLabel('Search products').fill('Teak side');
  await page.getByRole('option', { name: new RegExp(product) }).click();
  await expect(form.getByLabel('Chosen products')).toContainText(product);
  await form.getByRole('button', { name: 'Create discount rule' }).click();
  await expect(page.getByText('Discount rule created successfully.')).toBeVisible();

  await page.goto(listPath);
  await expect(row).toHaveCount(1);
  expect(await row.innerText()).toBe(before);
  // The engine knows the rule and says when it starts, but prices with another one today.
  const id = new URL(
    (await row.getByRole('link', { name: `Edit ${product}` }).getAttribute('href'))!,
    page.url(),
  ).pathname
    .split('/')
    .at(-2);
  const rules = await (
    await page.request.get(`/api/products/${id}/applicable-discount-rules?show_all=true`)
  ).json();
  expect(JSON.stringify(rules)).toContain(name);
  expect(rules.applied_discount?.rule?.name ?? null).not.toBe(name);
});
