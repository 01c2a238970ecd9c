import net from 'node:net';
import type { Page } from '@playwright/test';
import { CONTACT_MESSAGES } from '../src/contracts/contact';
import { JOB_MESSAGES as M } from '../src/contracts/jobs';
import { expect, test } from './fixtures';
import { expectToast, lastMailTo, shopHydrated, signIn } from './support';

/** A local port nothing listens on: the SMTP connection is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function setSmtpHost(page: Page, host: string, port?: number) {
  await page.goto('/admin/email-management');
  await expect(page.getByRole('heading', { name: 'E-mail', exact: true })).toBeVisible();
  const server = page.getByRole('region', { name: 'SMTP server' });
  await server.getByLabel('Host').fill(host);
  if (port !== undefined) {
    await server.getByLabel('Port').fill(String(port));
    await server.getByRole('combobox', { name: 'Encryption' }).click();
    await page.getByRole('option', { name: 'None' }).click();
  }
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expectToast(page, 'E-mail settings saved successfully');
}

async function sendContactMessage(page: Page, text: string) {
  await page.goto('/contact');
  await shopHydrated(page);
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel(/^Name/).fill('Grace Failedjobs');
  await form.getByLabel(/^Email/).fill('grace@example.test');
  await form.getByLabel(/^Message/).fill(text);
  await form.getByRole('button', { name: 'Send message' }).click();
  const dialog = page.getByRole('dialog', { name: CONTACT_MESSAGES.sentTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
}

test('an admin finds the e-mails that failed while the SMTP server was down, retries one and discards the other', async ({
  page,
}) => {
  const stamp = Date.now();
  const first = `Do you rent wheelchairs? Message ${stamp}-a.`;
  const second = `Is the shop open on Sunday? Message ${stamp}-b.`;
  await signIn(page, 'admin@demo.test');
  let smtpDown = false;
  try {
    // The mail server is down: each contact message's e-mail to the admin fails all its attempts
    // (the journeys' server retries after 0.2 s, 0.4 s… instead of 15 s, 30 s…).
    await setSmtpHost(page, '127.0.0.1', await closedPort());
    smtpDown = true;
    await sendContactMessage(page, first);
    await sendContactMessage(page, second);

    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Admin navigation' })
      .getByRole('link', { name: 'Failed jobs' })
      .click();
    await expect(page.getByRole('heading', { name: 'Failed jobs', exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Failed jobs' });
    const rows = table.getByRole('row').filter({ hasText: 'contact.message-mail' });
    await expect(async () => {
      await page.reload();
      await expect(rows).toHaveCount(2, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(rows.first()).toContainText('5 of 5');
    await expect(rows.first()).toContainText('ECONNREFUSED');

    await rows
      .first()
      .getByRole('button', { name: /^Open job/ })
      .click();
    const details = page.getByRole('dialog', { name: /contact\.message-mail/ });
    await expect(details.getByTestId('job-payload')).toContainText('"id"');
    await page.screenshot({ path: 'reports/failed-jobs-details.png' });
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await page.screenshot({ path: 'reports/failed-jobs.png', fullPage: true });

    // The server is back: the newest failure (the second message) is sent again.
    await setSmtpHost(page, '');
    smtpDown = false;
    await page.goto('/admin/failed-jobs');
    await expect(rows).toHaveCount(2);
    await rows
      .first()
      .getByRole('button', { name: /^Retry job/ })
      .click();
    const confirmRetry = page.getByRole('dialog', { name: 'Retry this job?' });
    await confirmRetry.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmRetry).toBeHidden();
    await expect(rows).toHaveCount(2);
    await rows
      .first()
      .getByRole('button', { name: /^Retry job/ })
      .click();
    await confirmRetry.getByRole('button', { name: 'Retry job' }).click();
    await expectToast(page, M.retried);
    await expect(rows).toHaveCount(1);
    await expect.poll(() => lastMailTo('admin@demo.test'), { timeout: 15_000 }).toContain(second);

    // The first one is given up.
    await rows
      .first()
      .getByRole('button', { name: /^Discard job/ })
      .click();
    const confirmDiscard = page.getByRole('dialog', { name: 'Discard this job?' });
    await expect(confirmDiscard).toContainText('This action cannot be undone.');
    await confirmDiscard.getByRole('button', { name: 'Discard job' }).click();
    await expectToast(page, M.discarded);
    await expect(page.getByText('No failed jobs')).toBeVisible();
    await page.screenshot({ path: 'reports/failed-jobs-empty.png', fullPage: true });
  } finally {
    // The journeys after this one read mail from files: back to no SMTP server.
    if (smtpDown) await setSmtpHost(page, '');
  }
});
