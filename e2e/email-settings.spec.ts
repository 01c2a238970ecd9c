import type { Page } from '@playwright/test';
import { EMAIL_SETTINGS_MESSAGES as M } from '../src/contracts/email-settings';
import { expect, test } from './fixtures';
import { expectToast, signIn } from './support';
import { startTestSmtp } from './test-smtp';

let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

test.beforeAll(async () => {
  smtp = await startTestSmtp();
});
test.afterAll(async () => {
  await smtp.close();
});

async function openEmailSettings(page: Page) {
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'E-mail' })
    .click();
  await expect(page.getByRole('heading', { name: 'E-mail', exact: true })).toBeVisible();
}

test('an admin points the shop at an SMTP server and a test e-mail arrives there', async ({ page }) => {
  const { port, received } = smtp;
  await signIn(page, 'admin@demo.test');
  await openEmailSettings(page);
  const server = page.getByRole('region', { name: 'SMTP server' });
  try {
    const addresses = page.getByRole('region', { name: 'Addresses' });
    await addresses.getByLabel('From address').fill('not-an-address');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(addresses.getByText(M.email)).toBeVisible();
    await addresses.getByLabel('From address').fill('shop@emporium.test');

    await server.getByLabel('Host').fill('127.0.0.1');
    await server.getByLabel('Port').fill(String(port));
    await server.getByRole('combobox', { name: 'Encryption' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    await server.getByRole('textbox', { name: 'Password' }).fill('not-shown-again');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectToast(page, 'E-mail settings saved successfully');

    await page.reload();
    await expect(page.getByRole('region', { name: 'SMTP server' }).getByLabel('Host')).toHaveValue(
      '127.0.0.1',
    );
    await expect(
      page.getByRole('region', { name: 'SMTP server' }).getByRole('textbox', { name: 'Password' }),
    ).toHaveValue('');
    await expect(page.getByText('A password is stored. Leave empty to keep it.')).toBeVisible();
    // Moving the server would clear the stored password (docs/decisions/0036): the field says so.
    const portField = page.getByRole('region', { name: 'SMTP server' }).getByLabel('Port');
    await portField.fill('2525');
    await expect(page.getByText(/the stored password will be cleared/)).toBeVisible();
    await portField.fill(String(port));
    await expect(page.getByText('A password is stored. Leave empty to keep it.')).toBeVisible();

    await page.getByRole('button', { name: 'Send test e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a test e-mail' });
    await dialog.getByLabel('Recipient e-mail').fill('owner@shop.test');
    await dialog.getByRole('button', { name: 'Send test e-mail' }).click();
    await expect(page.getByText(M.testSent('owner@shop.test'))).toBeVisible();
    expect(received.map((m) => m.to)).toEqual([['owner@shop.test']]);
    expect(received[0]!.raw).toMatch(/^Subject: Test e-mail from /m);
  } finally {
    // The journeys after this one read mail from files: back to no SMTP server.
    await page.reload();
    const host = page.getByRole('region', { name: 'SMTP server' }).getByLabel('Host');
    if ((await host.inputValue()) !== '') {
      await host.fill('');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expectToast(page, 'E-mail settings saved successfully');
    }
  }
});
