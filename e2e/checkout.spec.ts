import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { lastMailTo, shopHydrated, signIn, unique } from './support';
import { withShopSmtp } from './test-smtp';

/** Adds the demo reading lamp from its page (the product page's Add to cart); answers its id. */
async function addReadingLamp(page: Page): Promise<number> {
  await page.goto('/products?search=lamp');
  await page
    .getByRole('link', { name: /Reading lamp/ })
    .first()
    .click();
  await expect(page.getByTestId('product-page')).toHaveAttribute('data-hydrated', 'true');
  const added = page.waitForRequest((r) => r.url().endsWith('/cart/add') && r.method() === 'POST');
  await page.getByTestId('add-to-cart').click();
  const productId = (await added).postDataJSON().product_id as number;
  await expect(page.getByTestId('added-to-cart')).toContainText('Product added to cart successfully!');
  return productId;
}

async function stockOf(page: Page, productId: number): Promise<number> {
  const reply = await page.request.get(`/api/public/products/${productId}`);
  return (await reply.json()).product.stock_quantity as number;
}

async function fillDetails(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'First Name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Lovelace');
  await page.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('+230 5000 0000');
  await page.getByRole('textbox', { name: 'Street Address' }).fill('1 Royal Road');
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Mauritius' });
  await expect(
    page.getByRole('combobox', { name: 'State/Province' }).getByRole('option', { name: 'Port Louis' }),
  ).toBeAttached();
  await page.getByRole('combobox', { name: 'State/Province' }).selectOption({ label: 'Port Louis' });
  await page.getByRole('combobox', { name: 'City', exact: true }).fill('Port Louis');
}

async function goToCheckout(page: Page) {
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-form')).toHaveAttribute('data-hydrated', 'true');
}

async function payInSandbox(page: Page, number: string) {
  await expect(page.getByTestId('payment-page')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: /by card$/ }).click();
  await expect(page).toHaveURL(/\/payment-sandbox\/pay\?/);
  await expect(page.getByTestId('card-sandbox')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();
  const card = page.getByRole('textbox', { name: 'Card number' });
  await card.fill(number);
  // Digits only, grouped in fours (spec 3 §5).
  await expect(card).toHaveValue(number.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 '));
  await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('1230');
  await page.getByRole('textbox', { name: 'Security code' }).fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment\/ORD-/);
}

test('a guest buys with delivery and the sandbox card: declined first, then paid; the order is in the admin list', async ({
  page,
  browser,
}) => {
  const email = `${unique('buyer')}@example.test`;
  const productId = await addReadingLamp(page);
  const stockBefore = await stockOf(page, productId);
  await goToCheckout(page);

  // Submitting empty shows the spec's words.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('First Name is required')).toBeVisible();
  await expect(page.getByText('Please select a shipping method')).toBeVisible();
  await expect(page.getByText('Please select a payment method')).toBeVisible();

  await fillDetails(page, email);
  await page.getByRole('radio', { name: /Standard delivery/ }).check();
  // The shipping cost from the shared calculation (demo: Standard delivery $150.00).
  await expect(page.getByTestId('checkout-shipping')).toHaveText('$150.00');
  const total = (await page.getByTestId('checkout-total').innerText()).trim();
  await page.getByRole('radio', { name: /^Card/ }).check();
  // The confirmation e-mail goes out through the shop's SMTP server (here, one in the test).
  const code = await withShopSmtp(browser, async (received) => {
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/payment\/ORD-[A-Z0-9-]+\?token=/);
    const placed = /\/payment\/(ORD-[A-Z0-9-]+)/.exec(page.url())![1]!;

    await payInSandbox(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toContainText(
      'Your card was declined. No payment was taken; you can try again.',
    );
    await payInSandbox(page, '4242424242424242');
    await expect(page.getByRole('status')).toContainText('Payment received. Thank you!');
    await page.getByRole('link', { name: 'See your order' }).click();

    await expect(page).toHaveURL(new RegExp(`/order-confirmation/${placed}\\?token=`));
    await expect(page.getByTestId('order-code')).toHaveText(placed);
    await expect(page.getByTestId('order-total')).toHaveText(total);
    await expect(page.getByTestId('payment-status')).toHaveText('Paid');
    await expect(page.getByText('Visa ending 4242')).toBeVisible();
    await expect
      .poll(() => received.find((mail) => mail.to.includes(email))?.raw ?? '', { timeout: 15_000 })
      .toContain(placed);
    return placed;
  });
  expect(await stockOf(page, productId)).toBe(stockBefore - 1);

  await signIn(page, 'admin@demo.test');
  await page.goto(`/admin/orders?search=${code}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: code }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(total);
});

test('a guest picks up at a pickup point and pays cash on delivery; later pays from the order link', async ({
  page,
}) => {
  const email = `${unique('pickup')}@example.test`;
  await addReadingLamp(page);
  await goToCheckout(page);
  await fillDetails(page, email);
  await page.getByRole('radio', { name: 'Pick up at a pickup point' }).check();
  const point = page.getByRole('radio', { name: /Curepipe warehouse \(service fee \$50\.00\)/ });
  await expect(point).toBeVisible();
  await point.check();
  await expect(page.getByTestId('checkout-shipping')).toHaveText('$50.00');
  await page.getByRole('radio', { name: /Cash on delivery/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/order-confirmation\/ORD-/);
  const code = (await page.getByTestId('order-code').innerText()).trim();
  await expect(page.getByText('pick up at Curepipe warehouse')).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Not paid yet');
  expect(await lastMailTo(email)).toContain(code);

  // The shop sends the customer order link; the customer pays from it with the sandbox card.
  await signIn(page, 'admin@demo.test');
  await page.goto(`/admin/orders?search=${code}`);
  await page.getByRole('link', { name: code }).first().click();
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByTestId('link-status')).toHaveText(/Active/i);
  await expect.poll(async () => lastMailTo(email), { timeout: 15_000 }).toContain('/order-link/');
  const link = /https?:\/\/[^\s"<]+\/order-link\/[A-Za-z0-9_-]+/.exec(await lastMailTo(email))![0];
  await page.goto(new URL(link).pathname);
  // The link's page spends nothing until the customer opens the order (docs/decisions/0032).
  await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
  await expect(page.getByText('This link can be opened 5 more times')).toBeVisible();
  await shopHydrated(page);
  await page.getByRole('button', { name: 'Open my order' }).click();
  await expect(page.getByText(`Order ${code}`)).toBeVisible();
  await expect(page.getByText('This link can be opened 4 more times')).toBeVisible();
  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/${code}\\?token=`));
  await payInSandbox(page, '4242 4242 4242 4242');
  await expect(page.getByRole('status')).toContainText('Payment received. Thank you!');
});
