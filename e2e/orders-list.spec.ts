import { expect, test } from './fixtures';
import { expectToast, signIn } from './support';

test('staff filter the demo orders, export what they see and delete a cancelled order after confirming', async ({
  page,
}) => {
  await signIn(page, 'staff@demo.test');
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^ORD-/ }) });
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(8);

  // The status filter lives in the address bar and narrows the list to the cancelled demo order.
  await page.getByRole('combobox', { name: 'Filter by delivery status' }).click();
  await page.getByRole('option', { name: 'Cancelled' }).click();
  await expect(page).toHaveURL(/delivery_status=cancelled/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Leila Li');
  const code = (await rows.first().getByRole('link', { name: /^ORD-/ }).textContent())!.trim();

  // Export what the list shows.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toMatch(/^orders_.+\.xlsx$/);
  await expect(page.getByText(/^Downloaded orders_/)).toBeVisible();

  // Delete asks first; cancelling keeps the order, confirming removes it.
  await page.getByRole('button', { name: `Delete order ${code}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Delete order ${code}?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: `Delete order ${code}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete order' }).click();
  await expectToast(page, 'Order deleted successfully');
  await expect(page.getByText('No orders found')).toBeVisible();

  // Gone for good: the search finds it no more.
  await page.goto(`/admin/orders?search=${encodeURIComponent(code)}`);
  await expect(page.getByText('No orders found')).toBeVisible();
});
