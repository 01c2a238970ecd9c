import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectToast, signIn, unique } from './support';

/** Chooses an option of a Mantine select (role combobox) by its visible text. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Searches the editing item row's product box and picks the product, then its variant if asked. */
async function addItem(page: Page, search: string, product: string, variant?: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Add item' }).click();
  const row = page.getByTestId('editing-row');
  await row.getByRole('combobox', { name: 'Product' }).fill(search);
  await page.getByRole('option', { name: product }).first().click();
  if (variant) {
    await row.getByRole('combobox', { name: 'Variant' }).click();
    await page.getByRole('option', { name: variant }).first().click();
  }
}

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

test('a phone order for a new company customer: two items, VAT, shipping, 10 % discount, paid in two parts, locked, delivered and invoiced', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin@demo.test');
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/create$/);

  // A new company customer, through the modal.
  const company = unique('Harbour Clinic');
  await page.getByRole('button', { name: 'New customer' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByText('Company', { exact: true }).click();
  await modal.getByRole('textbox', { name: 'Company name' }).fill(company);
  await modal
    .getByRole('textbox', { name: 'E-mail' })
    .fill(`${company.toLowerCase().replace(/\W+/g, '.')}@example.test`);
  await modal.getByRole('button', { name: /save|create/i }).click();
  await expectToast(page, 'Customer created successfully');
  await expect(modal).toBeHidden();

  // Two items, one of them a variant.
  await addItem(page, 'Teak', 'Teak side table');
  await page.getByTestId('editing-row').getByRole('textbox', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Save item' }).click();
  await addItem(page, 'Cotton bed', 'Cotton bed sheet set', /^(?!.*out of stock)/);
  await page.getByRole('button', { name: 'Save item' }).click();
  await expect(page.getByTestId('editing-row')).toHaveCount(0);

  // Delivery with a shipping cost, and a 10 % global discount.
  await page.getByRole('switch', { name: 'Delivery required' }).click();
  await expect(page.getByRole('switch', { name: 'Delivery required' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Delivery address' }).fill('5 Harbour Front, Port Louis');
  await page.getByRole('textbox', { name: 'Shipping cost' }).fill('150');
  await page.getByRole('textbox', { name: 'Global discount %' }).fill('10');
  await page.getByRole('textbox', { name: 'Global discount %' }).blur();
  await expect(page.getByTestId('vat-total')).not.toHaveText(/^\D*0\.00$/);
  const shownTotal = money(await page.getByTestId('grand-total').textContent());
  expect(shownTotal).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/\d+\/edit$/);
  const id = Number(page.url().match(/orders\/(\d+)\/edit/)![1]);
  const reply = await page.request.get(`/api/orders/${id}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const order = (await reply.json()).data as { grand_total: string; order_code: string };
  // The totals the form showed are the server's.
  expect(Number(order.grand_total)).toBeCloseTo(shownTotal, 2);
  await expect(page.getByTestId('grand-total')).toHaveText(
    new RegExp(
      Number(order.grand_total)
        .toFixed(2)
        .replace(/\B(?=(\d{3})+(?!\d))/g, ','),
    ),
  );

  // A partial payment, then the rest.
  const half = Math.floor(Number(order.grand_total) / 2);
  const rest = (Number(order.grand_total) - half).toFixed(2);
  for (const [amount, status] of [
    [String(half), /partial/i],
    [rest, /paid/i],
  ] as const) {
    await page.getByRole('button', { name: 'Add payment' }).click();
    const payment = page.getByRole('dialog');
    await choose(page, 'Payment type', /bank transfer/i);
    await payment.getByRole('textbox', { name: 'Amount' }).fill(amount);
    await payment.getByRole('button', { name: /save/i }).click();
    await expect(page.getByText('Payment added successfully').first()).toBeVisible();
    await expect(payment).toBeHidden();
    await expect(page.getByTestId('payment-status')).toHaveText(status);
  }
  await expect(page.getByTestId('payment-status')).toHaveText(/^paid$/i);

  // Paid: the items are locked.
  await expect(page.getByText(/items are locked/i)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add item' })).toHaveCount(0);

  // Delivered, through the quick status update.
  await choose(page, 'New status', 'Delivered');
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByText('Order status updated successfully').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Delivery status' })).toHaveValue('Delivered');

  // The final invoice, generated and opened in the page.
  const invoice = page.getByTestId('document-row-final_invoice');
  await expect(invoice.getByText('Available', { exact: true })).toBeVisible();
  await invoice.getByRole('button', { name: 'Generate' }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.locator('iframe')).toBeVisible();
  await expect(invoice.getByText(/INV-\d{4}-\d{6}/)).toBeVisible();
  const pdf = await page.request.get((await viewer.locator('iframe').getAttribute('src'))!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Refunds (docs/decisions/0041): each payment with a reason; partial first, then refunded, and the
  // credit note can be generated.
  const creditNote = page.getByTestId('document-row-credit_note');
  await expect(creditNote.getByText('Not available', { exact: true })).toBeVisible();
  const refunds = page.getByRole('button', { name: /^Refund payment of / });
  await expect(refunds).toHaveCount(2);
  await refunds.first().click();
  const refund = page.getByRole('dialog', { name: /^Refund / });
  await refund.getByRole('button', { name: /^Refund / }).click();
  await expect(refund.getByText('Please say why the payment is refunded.')).toBeVisible();
  await refund.getByRole('textbox', { name: 'Reason' }).fill('Customer returned the table');
  await refund.getByRole('button', { name: /^Refund / }).click();
  await expect(page.getByText('Payment refunded: a credit note can now be generated').first()).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText(/partial/i);
  await page.getByRole('button', { name: /^Refund payment of / }).click();
  await refund.getByRole('textbox', { name: 'Reason' }).fill('Customer returned the table');
  await refund.getByRole('button', { name: /^Refund / }).click();
  await expect(page.getByTestId('payment-status')).toHaveText(/refunded/i);
  await expect(creditNote.getByText('Available', { exact: true })).toBeVisible();
  await creditNote.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('dialog').locator('iframe')).toBeVisible();
  await expect(creditNote.getByText(/CN-\d{4}-\d{6}/)).toBeVisible();
});
