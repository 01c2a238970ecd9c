import type { Page } from '@playwright/test';
import { PRODUCT_MESSAGES } from '../src/contracts/catalogue';
import { slugify } from '../src/domain/catalogue/slug';
import { expect, test } from './fixtures';
import { signIn, unique } from './support';

/** Calls the app as the page does: its CSRF token, JSON, the XHR marker. */
async function api(page: Page, url: string, data: unknown) {
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  const response = await page.request.post(url, {
    data,
    headers: {
      'X-CSRF-TOKEN': token ?? '',
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    },
  });
  expect(response.ok(), `${url} answered ${response.status()}`).toBe(true);
  return response.json();
}

/** An attribute of its own with its values (catalogue settings' routes), so the journey needs no demo data. */
async function createAttribute(page: Page, name: string, values: string[]): Promise<void> {
  const { data } = await api(page, '/admin/attributes', { name });
  for (const [index, value] of values.entries()) {
    await api(page, `/admin/attributes/${data.id}/values`, { value, color_code: null, sort_order: index });
  }
}

async function openNewProduct(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Products' })
    .click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.getByRole('link', { name: 'New product' }).first().click();
  await expect(page).toHaveURL(/\/admin\/products\/create$/);
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();
}

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

test('an admin creates a variable product from two attributes, then changes one variation’s price', async ({
  page,
}) => {
  const size = unique('Size');
  const fabric = unique('Fabric');
  const name = unique('Beach towel');

  await signIn(page, 'admin@demo.test');
  await createAttribute(page, size, ['Small', 'Large']);
  await createAttribute(page, fabric, ['Cotton', 'Linen']);
  await openNewProduct(page);

  const form = page.getByRole('form', { name: 'New product' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  // spec 2 §5: the slug follows the name.
  await expect(form.getByRole('textbox', { name: 'Slug' })).toHaveValue(slugify(name));

  await tab(page, /Price & Stock/).click();
  const price = form.getByRole('textbox', { name: 'Price', exact: true });
  // spec 2 §5: only digits and one point stay.
  await price.pressSequentially('2a5.0.0');
  await expect(price).toHaveValue('25.00');

  await tab(page, /Variations/).click();
  await form.getByRole('switch', { name: 'This product has variations' }).check();
  const attributes = form.getByRole('combobox', { name: 'Attributes' });
  await attributes.click();
  await page.getByRole('option', { name: size }).click();
  await page.getByRole('option', { name: fabric }).click();
  await page.keyboard.press('Escape');
  for (const [attribute, value] of [
    [size, 'Small'],
    [size, 'Large'],
    [fabric, 'Cotton'],
    [fabric, 'Linen'],
  ] as const) {
    await form
      .getByRole('group', { name: `${attribute} values` })
      .getByText(value, { exact: true })
      .click();
  }
  await form.getByRole('button', { name: 'Generate variations' }).click();

  // spec 2 §4: all combinations, priced like the product, each with a generated SKU (spec 2 §5).
  const rows = form.getByTestId('variation-row');
  await expect(rows).toHaveCount(4);
  for (const variant of ['Small / Cotton', 'Small / Linen', 'Large / Cotton', 'Large / Linen']) {
    await expect(form.getByRole('textbox', { name: `Price of ${variant}` })).toHaveValue('25.00');
  }
  await expect(form.getByRole('textbox', { name: 'SKU of Small / Cotton' })).toHaveValue(
    /^[A-Z]{3}SC-\d{3}$/,
  );

  await form.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(PRODUCT_MESSAGES.created)).toBeVisible();
  await expect(page).toHaveURL(/\/products\/\d+\/edit$/);
  const id = Number(/\/products\/(\d+)\/edit$/.exec(page.url())?.[1]);
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();

  const edit = page.getByRole('form', { name: 'Edit product' });
  await tab(page, /Variations/).click();
  await expect(edit.getByTestId('variation-row')).toHaveCount(4);
  const largeLinen = edit.getByRole('textbox', { name: 'Price of Large / Linen' });
  await largeLinen.fill('31.5x0');
  await expect(largeLinen).toHaveValue('31.50');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(PRODUCT_MESSAGES.saved)).toBeVisible();

  // Reopened from the server: the new price, the others untouched.
  await page.reload();
  await tab(page, /Variations/).click();
  await expect(edit.getByRole('textbox', { name: 'Price of Large / Linen' })).toHaveValue('31.5');
  await expect(edit.getByRole('textbox', { name: 'Price of Small / Cotton' })).toHaveValue('25');
  const saved = await (await page.request.get(`/api/products/${id}`)).json();
  expect(
    saved.variations.map((v: { variant: string; price: number }) => [v.variant, v.price]).sort(),
  ).toEqual(
    [
      ['Large / Cotton', 25],
      ['Large / Linen', 31.5],
      ['Small / Cotton', 25],
      ['Small / Linen', 25],
    ].sort(),
  );
  // The draft was cleared by the save: nothing is restored.
  await expect(page.getByText('Draft restored')).toHaveCount(0);

  // A variation's own picture: chosen from the file library, kept, then removed again.
  type Variation = { variant: string; file_id: number | null; image: { name: string } | null };
  const variation = async (variant: string): Promise<Variation> =>
    ((await (await page.request.get(`/api/products/${id}`)).json()).variations as Variation[]).find(
      (v) => v.variant === variant,
    )!;
  await edit.getByRole('button', { name: 'Image of Small / Cotton' }).click();
  const picker = page.getByRole('dialog', { name: /Variation image/ });
  await picker.getByRole('textbox', { name: 'Search files' }).fill('Ceramic vase');
  await picker.getByRole('button', { name: 'Pick Ceramic vase.jpg' }).click();
  await picker.getByRole('button', { name: 'Use file' }).click();
  await expect(picker).toBeHidden();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(PRODUCT_MESSAGES.saved)).toBeVisible();
  expect((await variation('Small / Cotton')).image?.name).toBe('Ceramic vase.jpg');
  expect((await variation('Large / Linen')).file_id).toBeNull();

  await page.reload();
  await tab(page, /Variations/).click();
  await edit.getByRole('button', { name: 'Remove image of Small / Cotton' }).click();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(PRODUCT_MESSAGES.saved)).toBeVisible();
  expect((await variation('Small / Cotton')).file_id).toBeNull();

  // The discount rules that reach this product (the demo's store-wide rule does), with who they are for.
  await tab(page, /Price/).click();
  const rules = page.getByRole('region', { name: 'Discount rules for this product' });
  const storeWide = rules.getByRole('row').filter({ hasText: 'Store-wide 5 %' });
  await expect(storeWide).toContainText('Everyone');
  await expect(storeWide).toContainText('Applies today');
  await expect(rules.getByRole('link', { name: 'Store-wide 5 %' })).toHaveAttribute(
    'href',
    /\/admin\/discounts\/\d+\/edit$/,
  );
});

test('errors flag their tab: a missing name before sending, a taken slug from the server', async ({
  page,
}) => {
  const taken = unique('Lamp');
  await signIn(page, 'admin@demo.test');
  await api(page, '/admin/products', { name: taken, price: 10 });
  await openNewProduct(page);
  const form = page.getByRole('form', { name: 'New product' });
  const general = tab(page, /General/);

  // The contract's check in the browser: general is flagged and opened.
  await tab(page, /Price & Stock/).click();
  await form.getByRole('textbox', { name: 'Price', exact: true }).fill('12');
  await form.getByRole('button', { name: 'Create product' }).click();
  await expect(general).toHaveAttribute('data-has-errors', 'true');
  await expect(general).toHaveAttribute('aria-selected', 'true');
  await expect(form.getByText(PRODUCT_MESSAGES.name)).toBeVisible();
  await expect(form.getByText('Please correct the errors below.')).toBeVisible();
  await expect(tab(page, /Price & Stock/)).not.toHaveAttribute('data-has-errors');

  // A 422 from the server: the slug another product holds.
  await form.getByRole('textbox', { name: 'Name' }).fill(unique('Another lamp'));
  await form.getByRole('textbox', { name: 'Slug' }).fill(slugify(taken));
  await expect(general).not.toHaveAttribute('data-has-errors');
  await tab(page, /SEO/).click();
  await form.getByRole('button', { name: 'Create product' }).click();
  await expect(general).toHaveAttribute('data-has-errors', 'true');
  await expect(general).toHaveAttribute('aria-selected', 'true');
  await expect(form.getByText(PRODUCT_MESSAGES.slugTaken)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/create$/);
});

test('server errors on variations make the product variable and open Variations', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await openNewProduct(page);
  // The server's answer is played here: a simple product cannot reach the variation checks.
  await page.route('**/admin/products', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({
            message: 'The given data was invalid.',
            errors: { variations: [PRODUCT_MESSAGES.variationsRequired] },
          }),
        })
      : route.continue(),
  );
  const form = page.getByRole('form', { name: 'New product' });
  await form.getByRole('textbox', { name: 'Name' }).fill(unique('Chair'));
  await tab(page, /Price & Stock/).click();
  await form.getByRole('textbox', { name: 'Price', exact: true }).fill('40');
  await form.getByRole('button', { name: 'Create product' }).click();

  const variations = tab(page, /Variations/);
  await expect(variations).toHaveAttribute('aria-selected', 'true');
  await expect(variations).toHaveAttribute('data-has-errors', 'true');
  await expect(form.getByRole('switch', { name: 'This product has variations' })).toBeChecked();
  await expect(form.getByText(PRODUCT_MESSAGES.variationsRequired)).toBeVisible();
});

test('a draft is kept 2 s after the last change, restored on return and can be discarded', async ({
  page,
}) => {
  const name = unique('Draft stool');
  await signIn(page, 'admin@demo.test');
  await openNewProduct(page);
  const form = page.getByRole('form', { name: 'New product' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('emporium.product-draft.new')), { timeout: 5_000 })
    .toContain(name);

  await page.reload();
  await expect(page.getByText('Draft restored')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(form.getByRole('textbox', { name: 'Slug' })).toHaveValue(slugify(name));

  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(page.getByText('Draft restored')).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('emporium.product-draft.new'))).toBeNull();
});
