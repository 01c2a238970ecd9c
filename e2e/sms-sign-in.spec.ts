import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, expectAccessible, test } from './fixtures';
import { workerDataDir } from './shop-server';
import { lastMailTo, shopHydrated } from './support';

/**
 * The newest sign-in code the SMS sandbox wrote for this number (docs/decisions/0057): the demo
 * sends codes to the sandbox, which logs them and writes them under EMPORIUM_DATA_DIR/sms.
 */
async function lastCodeTo(normalised: string): Promise<string> {
  const dir = path.join(workerDataDir(), 'sms');
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) =>
          f.includes(normalised),
        );
        const newest = files.sort().at(-1);
        code = newest
          ? /\b(\d{6})\b/.exec(await fs.readFile(path.join(dir, newest), 'utf8'))?.[1]
          : undefined;
        return code ?? '';
      },
      { message: `no SMS to ${normalised}`, timeout: 10_000 },
    )
    .not.toBe('');
  return code!;
}

test('the demo partner signs in with an SMS code, switches to the partner role, buys on credit and sees the balance and the order', async ({
  page,
}) => {
  await page.goto('/login');
  await shopHydrated(page);
  await page.getByText('With SMS code', { exact: true }).click();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Mobile number is required')).toBeVisible();
  await page.getByLabel(/^Mobile number/).fill('+230 5750 0003');
  await page.getByRole('button', { name: 'Send code' }).click();

  await expect(page.getByText('If this number belongs to an account, we have sent it a code.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend code' })).toBeDisabled();
  // The cooldown counts down each second (spec 3 §4).
  const countdown = page.getByTestId('resend-countdown');
  await expect(countdown).toHaveText(/new code in 1:5\d\./);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first!);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('OTP code is required')).toBeVisible();
  const code = await lastCodeTo('+23057500003');
  await page.getByLabel(/^Code/).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('Invalid OTP code')).toBeVisible();
  await page.getByLabel(/^Code/).fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();

  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await shopHydrated(page);
  await expect(page.getByRole('heading', { name: 'Hello, Priya Partner' })).toBeVisible();
  const roleButton = page.getByRole('button', { name: /^Role: Customer/ });
  // Checked before the menu opens: an open pop-up covers what lies under it, which axe's
  // target-size rule counts against those links (the header wraps when the menu is long).
  await expectAccessible(page);
  await roleButton.click();
  await expect(roleButton).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Partner', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(roleButton).toHaveAttribute('aria-expanded', 'false');
  await expect(roleButton).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Partner', exact: true }).click();

  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  await shopHydrated(page);
  await expect(page.getByRole('button', { name: /^Role: Partner/ })).toBeVisible();

  // As the partner: buy on credit, then see the balance reduced and the order in the partner area.
  const amount = async () =>
    Number(((await page.getByTestId('partner-credit-balance').textContent()) ?? '').replace(/[^0-9.]/g, ''));
  const before = await amount();
  await page.goto('/products?search=lamp');
  await page
    .getByRole('link', { name: /Reading lamp/ })
    .first()
    .click();
  await expect(page.getByTestId('product-page')).toHaveAttribute('data-hydrated', 'true');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('added-to-cart')).toContainText('Product added to cart successfully!');
  await page.getByRole('link', { name: 'My account' }).click();
  await page.getByRole('link', { name: 'Buy on credit (partner checkout)' }).click();
  await expect(page).toHaveURL(/\/partner\/checkout$/);
  await shopHydrated(page);
  const total = Number(
    ((await page.getByTestId('partner-checkout-total').textContent()) ?? '').replace(/[^0-9.]/g, ''),
  );
  await expect(page.getByRole('radio', { name: 'Pay on credit' })).toBeChecked();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('status')).toContainText('Order placed successfully!');
  await expect(page).toHaveURL(/\/partner\/dashboard$/, { timeout: 10_000 });
  await shopHydrated(page);
  expect(await amount()).toBeCloseTo(before - total, 2);
  await expect(page.getByTestId('partner-credit-summary')).toContainText('Order payment');
  await page.getByRole('link', { name: 'View all orders' }).click();
  await expect(page).toHaveURL(/\/partner\/orders/);
  await expect(page.getByRole('row').nth(1)).toContainText(
    total.toLocaleString('en-GB', { minimumFractionDigits: 2 }),
  );
});

test('a customer signs in with an e-mail link, which works once', async ({ page }) => {
  await page.goto('/login');
  await shopHydrated(page);
  await page.getByText('With e-mail link', { exact: true }).click();
  await page.getByLabel(/^Email/).fill('customer@demo.test');
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(
    page.getByText('If an account exists for that e-mail address, we have sent a sign-in link.'),
  ).toBeVisible();

  // The demo already mailed this customer (orders): wait for the newest mail to be the link.
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = /(http:\/\/\S+\/auth\/magic-link\/[A-Za-z0-9_-]+)/.exec(
        await lastMailTo('customer@demo.test'),
      )?.[1];
      return link ?? '';
    })
    .not.toBe('');
  const address = new URL(link!).pathname;
  await page.goto(address);
  await shopHydrated(page);
  await page.getByRole('button', { name: 'Sign in as c•••••••@demo.test' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible();

  await page.goto(address);
  await expect(
    page.getByText('This sign-in link is invalid, has expired or was already used.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
