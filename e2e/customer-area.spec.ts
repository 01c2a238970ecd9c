import { expect, expectAccessible, test } from './fixtures';
import { expectToast, shopHydrated, signIn } from './support';

test('the demo customer pays from their area, then modifies an unpaid order back into the cart', async ({
  page,
  browser,
}) => {
  await signIn(page, 'customer@demo.test');
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Recent orders' })).toBeVisible();
  await expectAccessible(page);

  // Dashboard → orders → the unpaid pending order.
  await page.getByRole('navigation', { name: 'Customer area' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/customer\/orders$/);
  await expect(page.getByRole('heading', { name: 'Your orders' })).toBeVisible();
  const unpaid = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Modify order/ }) })
    .first();
  const code = (await unpaid.getByRole('link', { name: /^ORD-/ }).textContent())!.trim();
  await unpaid.getByRole('link', { name: code }).click();
  await expect(page).toHaveURL(/\/customer\/order\/\d+$/);
  await expect(page.getByRole('heading', { name: `Order ${code}` })).toBeVisible();
  await shopHydrated(page);
  await expectAccessible(page);
  const itemNames = await page
    .getByRole('table', { name: 'Ordered items' })
    .locator('tbody tr td:first-child')
    .allTextContents();
  expect(itemNames.length).toBeGreaterThan(0);
  const orderUrl = page.url();

  // Pay reaches the order's payment page (DECISIONS 20).
  await page.getByRole('button', { name: `Pay order ${code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/${code}$`));
  await expect(page.getByText(code).first()).toBeVisible();

  // Modify asks first, then the items go back to the cart and the order is cancelled.
  await page.goto(orderUrl);
  await shopHydrated(page);
  await page.getByRole('button', { name: `Modify order ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: `Modify order ${code}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Modify order ${code}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move items to cart' }).click();
  await expectToast(page, 'The order’s items are back in your cart and the order has been cancelled.');
  await expect(page).toHaveURL(/\/cart$/);
  for (const name of itemNames)
    await expect(page.getByText(name.replace(/ \(.*\)$/, '')).first()).toBeVisible();

  // The order is cancelled and offers neither action any more.
  await page.goto(orderUrl);
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Modify order ${code}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Pay order ${code}` })).toHaveCount(0);

  // Leave the demo shop as the later journeys expect it: staff's list holds one cancelled demo order.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'admin@demo.test');
  const token = await adminPage.locator('meta[name="csrf-token"]').getAttribute('content');
  const id = orderUrl.split('/').pop();
  const removed = await adminPage.request.delete(`/admin/orders/${id}`, {
    headers: {
      'X-CSRF-TOKEN': token ?? '',
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    },
  });
  expect(removed.status(), await removed.text()).toBe(200);
  await admin.close();
  await page.goto('/cart');
});
