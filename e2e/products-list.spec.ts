import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { type ShopServer, startAppOnFreshData, workerDatabase, workerPort, workerSlot } from './shop-server';
import { signIn } from './support';

/**
 * The product list journeys count the products they list, so this file runs an app of its own,
 * on the port after its worker's app, on a catalogue of a dozen products that
 * products-list.seed.ts prepares: in production mode (E2E_DATABASE_URL) a PostgreSQL database of
 * its own and `start:cluster` with E2E_PROCESSES processes, as every other journey; otherwise one
 * process on PGlite.
 */
const port = workerPort(1);
const baseURL = `http://localhost:${port}`;
const dataDir = path.join(os.tmpdir(), `emporium-e2e-products-${process.pid}`);
let server: ShopServer | null = null;

test.use({ baseURL });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startAppOnFreshData({
    port,
    dataDir,
    database: `${workerDatabase(workerSlot())}_products`,
    // Only the seeded catalogue: the journeys count its products.
    env: { EMPORIUM_SEED_DEMO: 'false' },
    prepare: (databaseUrl) => {
      execFileSync(
        process.execPath,
        ['--import', 'tsx', 'e2e/products-list.seed.ts', dataDir, ...(databaseUrl ? [databaseUrl] : [])],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

const table = (page: Page) => page.getByRole('table', { name: 'Products' });
const row = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });

/** The list with every seeded product on one page (the default page holds 10: spec 2 §9). */
async function openList(page: Page, query = '?per_page=25') {
  await signIn(page, 'admin@demo.test');
  await page.goto(`/admin/products${query}`);
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();
  await expect(
    page.getByText(/^Showing \d+–\d+ of \d+$/).or(page.getByText('No products found')),
  ).toBeVisible();
}

async function choose(page: Page, filter: string, option: string) {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('lists products with engine prices, stock and visibility, and pages through them', async ({ page }) => {
  await openList(page, '');
  // spec 2 §9: 10 per page.
  await expect(page.getByText('Showing 1–10 of 12')).toBeVisible();
  await page.goto('/admin/products?per_page=25');
  await expect(page.getByText('Showing 1–12 of 12')).toBeVisible();

  // 10 % own discount: struck-through original, final price beside it.
  const chair = row(page, 'Oak dining chair');
  await expect(chair.getByTestId('product-price')).toContainText('$134.10');
  await expect(chair.getByLabel('Price before discount')).toHaveText('$149.00');
  await expect(chair.getByTestId('stock-status')).toHaveText(/in stock/i);
  // A variable product: from its cheapest variant, with the "Garden week" category rule (20 %).
  const parasol = row(page, 'Garden parasol');
  await expect(parasol.getByTestId('product-price')).toContainText('From$47.20');
  await expect(parasol).toContainText('12 in 2 variants');
  await expect(row(page, 'Reading lamp').getByTestId('visibility')).toHaveText('Hidden');

  await page.goto('/admin/products?per_page=5&sort=name&direction=asc');
  await expect(page.getByText('Showing 1–5 of 12')).toBeVisible();
  await page.getByRole('button', { name: 'Page 3' }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(page.getByText('Showing 11–12 of 12')).toBeVisible();
  await expect(row(page, 'Walnut coffee table')).toBeVisible();
});

test('searches by name or SKU and filters by stock and status, kept in the address bar', async ({ page }) => {
  await openList(page);
  await page.getByRole('textbox', { name: 'Search products' }).fill('parasol');
  await expect(page).toHaveURL(/search=parasol/);
  await expect(table(page).getByRole('row')).toHaveCount(2); // header + one product
  await expect(row(page, 'Garden parasol')).toBeVisible();

  await page.getByRole('textbox', { name: 'Search products' }).fill('MED-');
  await expect(page).toHaveURL(/search=MED-/);
  await expect(page.getByText('Showing 1–3 of 3')).toBeVisible();

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).not.toHaveURL(/search=/);
  await expect(page.getByText('Showing 1–12 of 12')).toBeVisible();
  await choose(page, 'Filter by stock', 'Out of stock');
  await expect(page).toHaveURL(/stock_status=out_of_stock/);
  await expect(page.getByText('Showing 1–2 of 2')).toBeVisible();
  await expect(row(page, 'Terrace lounger')).toBeVisible();
  await expect(row(page, 'Folding wheelchair')).toBeVisible();

  await choose(page, 'Filter by type', 'Rental products');
  await expect(page).toHaveURL(/is_rental=1/);
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await expect(row(page, 'Folding wheelchair')).toBeVisible();

  // The address bar keeps the list: a reload shows the same.
  await page.reload();
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Filter by stock' })).toHaveValue('Out of stock');
});

test('deactivates two products through the bulk selection, clearing their visibility', async ({ page }) => {
  await openList(page);
  await row(page, 'Linen cushion').getByRole('checkbox', { name: 'Select Linen cushion' }).check();
  await row(page, 'Bamboo side table').getByRole('checkbox', { name: 'Select Bamboo side table' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 products selected');
  await bar.getByRole('button', { name: 'Deactivate' }).click();

  const dialog = page.getByRole('dialog', { name: 'Deactivate 2 products?' });
  await expect(dialog).toContainText('shop visibility cleared');
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('2 products deactivated.')).toBeVisible();
  await expect(bar).toBeHidden();

  for (const name of ['Linen cushion', 'Bamboo side table']) {
    await expect(row(page, name).getByTestId('visibility')).toHaveText('Hidden');
    await expect(row(page, name).getByRole('switch')).not.toBeChecked();
  }
  await expect(row(page, 'Oak dining chair').getByRole('switch')).toBeChecked();

  await choose(page, 'Filter by status', 'Inactive');
  await expect(page.getByText('Showing 1–3 of 3')).toBeVisible();

  // Activating one again through its switch: active, still hidden until someone chooses roles.
  const toggle = row(page, 'Linen cushion').getByRole('switch', { name: 'Activate Linen cushion' });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('1 product activated.')).toBeVisible();
  await expect(page.getByText('Showing 1–2 of 2')).toBeVisible();
});

test('deletes a product after confirming, and it is gone from the list', async ({ page }) => {
  await openList(page);
  await row(page, 'Watering can').getByRole('button', { name: 'Delete Watering can' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete product?' });
  await expect(dialog).toContainText('"Watering can" will be removed');
  // Cancelling keeps it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Watering can')).toBeVisible();

  await row(page, 'Watering can').getByRole('button', { name: 'Delete Watering can' }).click();
  await page
    .getByRole('dialog', { name: 'Delete product?' })
    .getByRole('button', { name: 'Delete product' })
    .click();
  await expect(page.getByText('Product deleted successfully.')).toBeVisible();
  await expect(row(page, 'Watering can')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Search products' }).fill('Watering');
  await expect(page.getByText('No products found')).toBeVisible();
});

test('exports what the list shows as products_<timestamp>.xlsx', async ({ page }) => {
  await openList(page, '?stock_status=low_stock');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^products_\d{4}-\d{2}-\d{2}_\d{6}\.xlsx$/);
  await expect(page.getByText(/^Downloaded products_/)).toBeVisible();
});
