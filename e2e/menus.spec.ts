import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { dragRow, expectToast, signIn, unique } from './support';

/** The labels of the menu rows, top to bottom, with their levels. */
async function rows(page: Page): Promise<string[]> {
  const trs = page.getByRole('table', { name: 'Menu items' }).locator('tbody tr');
  return trs.evaluateAll((list) =>
    list.map((tr) => `${tr.getAttribute('data-level')}:${tr.getAttribute('data-label')}`),
  );
}

const menuDrag = (page: Page, from: string, to: string) =>
  dragRow(page, from, to, (row) => `Drag to move ${row}`);

async function addItem(page: Page, label: string, link: string) {
  await page.getByRole('button', { name: 'New menu item' }).click();
  const dialog = page.getByRole('dialog', { name: 'New menu item' });
  await dialog.getByLabel('Label').fill(label);
  await dialog.getByRole('combobox', { name: 'Links to' }).click();
  await page.getByRole('option', { name: 'A link' }).click();
  await dialog.getByRole('textbox', { name: 'Link' }).fill(link);
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expectToast(page, 'Menu item created successfully');
  await expect(dialog).toBeHidden();
}

test('an admin builds a two-level menu by drag and drop and with the keyboard; a loop is refused with the spec’s words', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Menu' })
    .click();
  await expect(page).toHaveURL(/\/admin\/menus$/);
  await expect(page.getByRole('heading', { name: 'Menu', exact: true })).toBeVisible();
  await expect.poll(() => rows(page)).toContain('1:Garden');

  // A new item, dragged with the mouse onto a row of the second level, joins that level.
  const brands = unique('Brands');
  const gifts = unique('Gift cards');
  await addItem(page, brands, '/products?brand=all');
  await expect.poll(() => rows(page)).toContain(`0:${brands}`);
  await menuDrag(page, brands, 'Garden');
  await expectToast(page, 'Menu order saved successfully');
  await expect.poll(() => rows(page)).toContain(`1:${brands}`);
  await expect(page.getByRole('combobox', { name: `Parent of ${brands}` })).toHaveValue('Shop');

  // With the keyboard: Space picks the row up, the arrow moves it, Space puts it down.
  await addItem(page, gifts, '/products?gift=1');
  const before = await rows(page);
  expect(before.at(-1)).toBe(`0:${gifts}`);
  const handle = page.getByRole('button', { name: `Drag to move ${gifts}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(250);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(250);
  await page.keyboard.press('Space');
  await expect.poll(async () => (await rows(page)).slice(-2)).toEqual([`0:${gifts}`, '0:Sale']);

  // A parent dropped under its own child would make a loop: the server refuses, nothing moves.
  await menuDrag(page, 'Shop', 'Garden');
  await expect(page.getByText('Cannot create circular menu structure')).toBeVisible();
  await expect.poll(() => rows(page)).toContain('0:Shop');

  // The parent picker offers neither the item itself nor what is below it.
  await page.getByRole('combobox', { name: 'Parent of Shop' }).click();
  await expect(page.getByRole('option', { name: /Garden/ })).toHaveCount(0);
  await expect(page.getByRole('option', { name: 'Contact' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Kept after a reload.
  await page.reload();
  await expect.poll(() => rows(page)).toContain(`1:${brands}`);
});
