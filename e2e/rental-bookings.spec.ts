import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { shopHydrated, signIn, unique } from './support';

/** Chooses an option of a Mantine select by its label. */
async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds one rental item row through the inline editor (spec 3 §5: product search from 2 characters). */
async function addItem(page: Page, search: string, product: string, quantity: string, days: string) {
  await page.getByRole('button', { name: 'Add item' }).click();
  const row = page.getByTestId('item-edit-row');
  await row.getByRole('combobox', { name: 'Product' }).fill(search);
  await page.getByRole('option', { name: product }).click();
  await row.getByRole('textbox', { name: 'Quantity' }).fill(quantity);
  await row.getByRole('textbox', { name: 'Rental duration in days' }).fill(days);
  await row.getByRole('button', { name: 'Save item' }).click();
  await expect(page.getByTestId('item-edit-row')).toHaveCount(0);
}

async function markStatus(page: Page, label: string) {
  await choose(page, page, 'Change status to', label);
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText(label);
}

test('staff book two rental items for a new customer, add a fee, periods, payments and a deposit, and run the booking to returned with its documents', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/rental-bookings');
  await expect(page.getByRole('heading', { name: 'Rental bookings' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'New booking' }).first().click();
  await expect(page).toHaveURL(/\/admin\/rental-bookings\/create$/);
  await expect(page.getByRole('heading', { name: 'New rental booking' })).toBeVisible();
  await expectAccessible(page);

  // A new customer through the create-customer modal; the spec's rules first.
  const email = `${unique('renter')}@example.test`;
  await page.getByRole('button', { name: 'Create new customer' }).click();
  const modal = page.getByRole('dialog', { name: 'New customer' });
  await modal.getByRole('button', { name: 'Create customer' }).click();
  await expect(modal.getByText('First name is required for individual users')).toBeVisible();
  await expect(modal.getByText('Last name is required for individual users')).toBeVisible();
  await expectAccessible(page);
  await modal.getByRole('textbox', { name: 'First name' }).fill('Rita');
  await modal.getByRole('textbox', { name: 'Last name' }).fill('Renter');
  await modal.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await modal.getByRole('button', { name: 'Create customer' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Customer e-mail' })).toHaveValue(email);

  // Two items for 90 days, delivered.
  await addItem(page, 'Folding', 'Folding wheelchair', '1', '90');
  await addItem(page, 'Rollator', 'Rollator walker', '2', '90');
  await expect(page.getByTestId('item-row')).toHaveCount(2);
  // 45 × 1 × 3 + 18 × 2 × 3 (spec 3 §9).
  await expect(page.getByTestId('items-total')).toHaveText('$243.00');
  await page.getByRole('textbox', { name: 'Delivery address' }).fill('12 Harbour Road, Port Town');
  await expectAccessible(page);
  await page.getByTestId('save-booking').click();

  // The first save goes to the edit page.
  await expect(page).toHaveURL(/\/admin\/rental-bookings\/\d+\/edit$/);
  await expect(page.getByRole('heading', { name: /Rental booking / })).toBeVisible();
  await expect(page.getByTestId('item-row')).toHaveCount(2);
  await expect(page.getByTestId('free-units').first()).toBeVisible();
  await expectAccessible(page);

  // A recurring service fee.
  await page.getByRole('button', { name: 'Add service fee' }).click();
  const fee = page.getByRole('dialog', { name: 'Add service fee' });
  await fee.getByRole('button', { name: 'Add service' }).click();
  await expect(fee.getByText('Service name is required')).toBeVisible();
  await fee.getByRole('textbox', { name: /Service name/ }).fill('Cleaning');
  await fee.getByRole('textbox', { name: /Amount/ }).fill('15');
  await fee.getByRole('radio', { name: 'Recurring' }).check();
  await expect(fee.getByText(/× 3 remaining periods/)).toBeVisible();
  await expectAccessible(page);
  await fee.getByRole('button', { name: 'Add service' }).click();
  await expect(fee).toBeHidden();
  await expect(page.getByTestId('service-row')).toContainText('Cleaning');
  await expect(page.getByTestId('service-row')).toContainText('Recurring');

  // A booking payment (bank transfer by default); the page reads the booking again after 1 s.
  await page.getByRole('button', { name: 'Add payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Add payment' });
  await expect(payment.getByRole('combobox', { name: 'Payment type' })).toHaveValue('Bank transfer');
  await payment.getByRole('textbox', { name: /Amount/ }).fill('100');
  await payment.getByRole('button', { name: 'Add payment' }).click();
  await expect(payment).toBeHidden();
  await expect(page.getByTestId('payment-row')).toHaveCount(1);
  await expect(page.getByTestId('amount-paid')).toHaveText('$100.00');

  // Through the statuses (DECISIONS 16): the stock leaves on the way out.
  await markStatus(page, 'Quoted');
  await markStatus(page, 'Ready');
  await markStatus(page, 'In transit');
  await markStatus(page, 'Active');
  await expect(page.getByTestId('stock-state')).toHaveText('Deducted');
  await expectAccessible(page);

  // Monthly periods: the first copies the booking's items and inherits the recurring fee, the
  // second copies the first. One billed month each: 45 × 1 + 18 × 2 + 15 = 96.
  const periods = page.getByRole('region', { name: 'Rental periods' });
  for (const number of [1, 2]) {
    await periods.getByRole('button', { name: 'New period' }).click();
    const create = page.getByRole('dialog', { name: 'New period' });
    await create.getByRole('button', { name: 'Create period' }).click();
    await expect(create).toBeHidden();
    await expect(page.getByRole('article', { name: `Period ${number}`, exact: true })).toContainText(
      '$96.00',
    );
  }
  const first = page.getByRole('article', { name: 'Period 1', exact: true });
  const second = page.getByRole('article', { name: 'Period 2', exact: true });
  await expect(second).toContainText('Cleaning');
  await expectAccessible(page);

  // Period 1 paid in full; more than its balance is refused with the maximum (spec 3 §5).
  await first.getByRole('button', { name: 'Add payment' }).click();
  const periodPayment = page.getByRole('dialog', { name: 'Add a payment to period 1' });
  await expect(periodPayment).toContainText('Remaining balance: $96.00');
  await periodPayment.getByRole('textbox', { name: /Amount/ }).fill('200');
  await periodPayment.getByRole('button', { name: 'Add payment' }).click();
  await expect(periodPayment.getByText(/maximum allowed: \$96\.00/)).toBeVisible();
  await periodPayment.getByRole('textbox', { name: /Amount/ }).fill('96');
  await periodPayment.getByRole('button', { name: 'Add payment' }).click();
  await expect(periodPayment).toBeHidden();
  await expect(first).toContainText('Fully paid');

  // The final invoice is available for period 1 only; it opens as a PDF in the viewer.
  const finalOf = (period: Locator) => period.getByTestId('period-document-row-final_invoice');
  await expect(finalOf(first).getByText('Available', { exact: true })).toBeVisible();
  await expect(finalOf(second).getByText('Not available', { exact: true })).toBeVisible();
  await expect(finalOf(second).getByRole('button', { name: 'Generate Final invoice' })).toBeDisabled();
  await finalOf(first).getByRole('button', { name: 'Generate Final invoice' }).click();
  const viewer = page.getByRole('dialog', { name: 'Final invoice' });
  await expect(viewer.locator('iframe, object, embed').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(finalOf(first)).toContainText(/INV-\d{4}-\d+/);

  // A deposit set, then collected.
  const deposit = page.getByRole('region', { name: 'Deposit' });
  await deposit.getByRole('button', { name: 'Set deposit' }).click();
  const setDeposit = page.getByRole('dialog', { name: 'Set deposit' });
  await setDeposit.getByRole('textbox', { name: 'Amount' }).fill('150');
  await setDeposit.getByRole('button', { name: 'Set deposit' }).click();
  await expect(setDeposit).toBeHidden();
  await deposit.getByRole('button', { name: 'Collect' }).click();
  const collect = page.getByRole('dialog', { name: 'Collect deposit' });
  await expect(collect.getByRole('textbox', { name: 'Amount collected' })).toHaveValue('150.00');
  await collect.getByRole('button', { name: 'Collect deposit' }).click();
  await expect(collect).toBeHidden();
  await expect(deposit).toContainText('Collected');
  await expect(deposit.getByRole('button', { name: 'Refund' })).toBeVisible();
  await expectAccessible(page);

  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(
    documents.getByTestId('rental-document-row-return_receipt').getByText('Not available', { exact: true }),
  ).toBeVisible();
  await markStatus(page, 'Returned');
  await expect(page.getByTestId('stock-state')).toHaveText('Not deducted');
  // Returned: the return receipt can be made now.
  const receipt = documents.getByTestId('rental-document-row-return_receipt');
  await expect(receipt.getByText('Available', { exact: true })).toBeVisible();
  await receipt.getByRole('button', { name: 'Generate Return receipt' }).click();
  await expect(page.getByRole('dialog', { name: 'Return receipt' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(
    page.getByText('Rental items can only be changed while the booking is pending.'),
  ).toBeVisible();

  // The list finds it by the customer's e-mail.
  await page.getByRole('link', { name: 'Back to bookings' }).click();
  await page.getByRole('textbox', { name: 'Search bookings' }).fill(email);
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Returned');
});

test('a guest requests a rental from the product page and staff find its booking number', async ({
  page,
}) => {
  await page.goto('/products?search=umbrella');
  await shopHydrated(page);
  await page
    .getByRole('link', { name: /Patio umbrella/ })
    .first()
    .click();
  await expect(page.getByTestId('product-page')).toHaveAttribute('data-hydrated', 'true');
  await page.getByTestId('request-rental').click();
  const dialog = page.getByRole('dialog', { name: /Request rental: Patio umbrella/ });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await expect(dialog.getByText('Phone number is required')).toBeVisible();
  await expect(dialog.getByTestId('rental-cost')).toContainText('$');
  await expectAccessible(page);

  const email = `${unique('guest')}@example.test`;
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Gale Guest');
  await dialog.getByRole('textbox', { name: /E-mail/ }).fill(email);
  await dialog.getByRole('textbox', { name: /Phone/ }).fill('555 0199');
  await choose(page, dialog, 'Duration', '3 months');
  await dialog.getByRole('textbox', { name: /Delivery address/ }).fill('3 Beach Walk');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  const number = (await dialog.getByTestId('booking-number').textContent())?.trim() ?? '';
  expect(number).not.toBe('');
  await expectAccessible(page);

  // Leave the shop page first: a request it still has in flight would answer with the guest's
  // session cookie after the cookies are cleared, and the sign-in would send that cookie with the
  // new session's token.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signIn(page, 'admin@demo.test');
  await page.goto(`/admin/rental-bookings?search=${encodeURIComponent(number)}`);
  await expect(page.getByRole('link', { name: number, exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: number })).toContainText('Web request');
  await page.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Rental booking ${number}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Customer e-mail' })).toHaveValue(email);
});
