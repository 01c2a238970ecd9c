import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, expectAccessible, test } from './fixtures';
import { lastMailTo, shopHydrated, signIn, signOutFromAdmin } from './support';

/** The partner's own credit, as the partner area reads it (spec 3 §7). */
async function partnerBalance(page: Page): Promise<number> {
  const reply = await page.request.get('/api/partner/credit-balance', {
    headers: { accept: 'application/json' },
  });
  expect(reply.status()).toBe(200);
  return (await reply.json()).data.currentBalance as number;
}

/** The demo partner also holds the customer role, which a session starts in (spec 3 §6). */
async function switchToPartner(page: Page) {
  const switched = await page.evaluate(async () => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
    const reply = await fetch('/api/user/roles/switch', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, accept: 'application/json' },
      body: JSON.stringify({ role: 'partner' }),
    });
    return reply.status;
  });
  expect(switched).toBe(200);
}

test('an admin adds credit; the partner pays an order on credit and the balance goes down', async ({
  page,
}) => {
  // The admin adds 100.00 to the demo partner's account from the account page.
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/partner-credit');
  await page.getByRole('link', { name: /Manage credit of Lagoon Traders/ }).click();
  await expect(page.getByRole('heading', { name: 'Credit: Lagoon Traders Ltd' })).toBeVisible();
  const balanceText = async () => (await page.getByTestId('credit-balance').textContent()) ?? '';
  const before = Number((await balanceText()).replace(/[^0-9.]/g, ''));
  await page.getByRole('button', { name: 'Add credit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add credit' });
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('100');
  await dialog.getByRole('textbox', { name: 'Note' }).fill('E2E top-up');
  await expect(dialog.getByTestId('credit-preview')).toContainText(
    `$${(before + 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
  );
  await dialog.getByRole('button', { name: 'Add credit' }).click();
  await expect(page.getByText('Credit added successfully')).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveText(
    `$${(before + 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
  );
  await expect(page.getByRole('cell', { name: 'E2E top-up' }).first()).toBeVisible();

  // The statement as a spreadsheet: it opens, and holds the top-up and the closing balance.
  await page.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: 'Excel (xlsx)' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export statement' }).click();
  const file = await (await download).path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const cells = workbook.worksheets.flatMap((sheet) =>
    sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? row.map((v) => String(v ?? '')) : [])),
  );
  expect(cells.some((v) => v.includes('E2E top-up'))).toBe(true);
  expect(cells.join(' ')).toMatch(/closing/i);
  await signOutFromAdmin(page);

  // The partner signs in with a password, works as the partner, and fills the cart.
  await signIn(page, 'partner@demo.test');
  await switchToPartner(page);
  const credit = await partnerBalance(page);
  expect(credit).toBe(before + 100);
  await page.goto('/products?search=lamp');
  await page
    .getByRole('link', { name: /Reading lamp/ })
    .first()
    .click();
  await expect(page.getByTestId('product-page')).toHaveAttribute('data-hydrated', 'true');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('added-to-cart')).toContainText('Product added to cart successfully!');

  // Partner checkout: pay on credit after accepting nothing (no terms URL configured in the demo).
  await page.goto('/partner/checkout');
  await shopHydrated(page);
  await expect(page.getByRole('heading', { name: 'Partner checkout' })).toBeVisible();
  const totalText = (await page.getByTestId('partner-checkout-total').textContent()) ?? '';
  const total = Number(totalText.replace(/[^0-9.]/g, ''));
  expect(total).toBeGreaterThan(0);
  await expect(page.getByRole('radio', { name: 'Pay on credit' })).toBeChecked();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('status')).toContainText('Order placed successfully!');
  // After 2 s the partner goes to the partner dashboard (spec 3 §4).
  await expect(page).toHaveURL(/\/partner\/dashboard$/, { timeout: 10_000 });
  expect(await partnerBalance(page)).toBeCloseTo(credit - total, 2);
});

test('the partner checkout says when the cart is empty and refuses an unknown payment method', async ({
  page,
}) => {
  await signIn(page, 'partner@demo.test');
  await switchToPartner(page);
  await page.goto('/partner/checkout');
  await shopHydrated(page);
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  const token = (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '';
  const reply = await page.request.post('/partner/checkout/process', {
    headers: { accept: 'application/json', 'x-csrf-token': token },
    data: { payment_method: 'cash' },
  });
  expect(reply.status()).toBe(422);
  expect((await reply.json()).errors.payment_method).toEqual(['Please select a valid payment method']);
});

test('the partner reads the credit page, asks for more credit and downloads the statement', async ({
  page,
}) => {
  await signIn(page, 'partner@demo.test');
  await switchToPartner(page);
  await page.goto('/partner/dashboard');
  await shopHydrated(page);
  await page.getByRole('navigation', { name: 'Partner area' }).getByRole('link', { name: 'Credit' }).click();
  await expect(page).toHaveURL(/\/partner\/credit$/);
  await shopHydrated(page);
  await expect(page.getByTestId('partner-credit-summary')).toBeVisible();
  await expect(page.getByTestId('credit-transactions')).toBeVisible();

  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Please enter a valid amount')).toBeVisible();
  await page.getByRole('textbox', { name: /^Amount/ }).fill('250');
  await page.getByRole('textbox', { name: /^Why do you need it/ }).fill('A large order for the new season.');
  await page.getByRole('textbox', { name: /^Contact phone/ }).fill('+230 5750 0003');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('credit-request-sent')).toBeVisible();
  // The request waits for the shop (issue 17).
  await page.reload();
  await shopHydrated(page);
  const pending = page.getByTestId('credit-requests').getByRole('row').filter({ hasText: '$250.00' }).first();
  await expect(pending).toContainText('Pending');

  await page.getByRole('combobox', { name: 'Format' }).selectOption('excel');
  const download = page.waitForEvent('download');
  await page.getByTestId('credit-export').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});

test('an admin approves a partner’s credit request for less; the partner sees the answer and is e-mailed', async ({
  page,
}) => {
  // The partner asks for 400.00.
  await signIn(page, 'partner@demo.test');
  await switchToPartner(page);
  const before = await partnerBalance(page);
  const reason = `Shelving for the new branch ${Date.now().toString(36)}`;
  await page.goto('/partner/credit');
  await shopHydrated(page);
  await page.getByRole('textbox', { name: /^Amount/ }).fill('400');
  await page.getByRole('textbox', { name: /^Why do you need it/ }).fill(reason);
  await page.getByRole('textbox', { name: /^Contact phone/ }).fill('+230 5750 0003');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('credit-request-sent')).toBeVisible();
  await page.context().clearCookies();

  // The admin finds it among the pending requests and approves 300.00 after confirming.
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/partner-credit');
  const requests = page.getByRole('table', { name: 'Credit requests' });
  const row = requests.getByRole('row').filter({ hasText: reason });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: /^Approve the request/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve credit request' });
  await expect(dialog.getByRole('textbox', { name: /^Amount to add/ })).toHaveValue('400.00');
  await dialog.getByRole('textbox', { name: /^Amount to add/ }).fill('abc');
  await dialog.getByRole('button', { name: 'Approve and add credit' }).click();
  await expect(dialog.getByText('Please enter a valid amount')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Amount to add/ }).fill('300');
  await dialog.getByRole('button', { name: 'Approve and add credit' }).click();
  await expect(page.getByText('Credit request approved').first()).toBeVisible();
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await expectAccessible(page);

  // A decline needs its reason (the demo shop's own request stays pending: the dialog is cancelled).
  const other = requests.getByRole('row').filter({ hasText: 'Pending' }).first();
  await other.getByRole('button', { name: /^Decline the request/ }).click();
  const decline = page.getByRole('dialog', { name: 'Decline credit request' });
  await decline.getByRole('button', { name: 'Decline request' }).click();
  await expect(decline.getByText('Please give the reason for declining.')).toBeVisible();
  await decline.getByRole('button', { name: 'Cancel' }).click();
  await expect(decline).toBeHidden();
  await signOutFromAdmin(page);

  // The partner's credit page shows the answer, the balance holds the 300.00, and the mail came.
  await signIn(page, 'partner@demo.test');
  await switchToPartner(page);
  expect(await partnerBalance(page)).toBeCloseTo(before + 300, 2);
  await page.goto('/partner/credit');
  await shopHydrated(page);
  const answered = page
    .getByTestId('credit-requests')
    .getByRole('row')
    .filter({ hasText: '$400.00' })
    .first();
  await expect(answered).toContainText('Approved');
  await expect(answered).toContainText('$300.00 added to your credit');
  expect(await lastMailTo('partner@demo.test')).toContain('Your credit request was approved');
});
