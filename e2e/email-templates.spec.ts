import type { Page } from '@playwright/test';
import { EMAIL_TEMPLATE_MESSAGES as M } from '../src/contracts/email-templates';
import { RENTAL_TEMPLATE_MESSAGES as RM } from '../src/contracts/rental-templates';
import { expect, test } from './fixtures';
import { lastMailTo, signIn, unique } from './support';

async function openTemplatesTab(page: Page) {
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'E-mail' })
    .click();
  await expect(page.getByRole('heading', { name: 'E-mail', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByRole('table', { name: 'E-mail templates' })).toBeVisible();
}

test('an admin writes an e-mail template, previews it with sample values and sends a test', async ({
  page,
}) => {
  const name = unique('Shipped notice');
  const recipient = `${unique('tester')}@shop.test`;
  await signIn(page, 'admin@demo.test');
  await openTemplatesTab(page);
  // The demo templates are listed.
  await expect(page.getByRole('cell', { name: /Password reset/ }).first()).toBeVisible();

  await page.getByRole('button', { name: 'New template' }).click();
  const form = page.getByRole('form', { name: 'New e-mail template' });
  await form.getByRole('button', { name: 'Create template' }).click();
  await expect(form.getByText(M.nameRequired)).toBeVisible();

  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Order status update' }).click();
  await form.getByRole('textbox', { name: 'Subject', exact: true }).fill('Order update');
  const body = form.getByRole('textbox', { name: 'Body (HTML)' });
  await body.fill('<p>Hello <script>alert(1)</script></p>');
  // Click a variable to insert it at the cursor (the end of the body).
  await body.press('End');
  await form.getByRole('button', { name: 'Insert {{customer_name}}' }).click();
  await expect(body).toHaveValue('<p>Hello <script>alert(1)</script></p>{{customer_name}}');
  await body.fill(
    '<p>Hello {{customer_name}}, order {{order_code}} is {{order_status}}.</p><script>alert(1)</script>',
  );
  await form.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByText(M.created)).toBeVisible();

  // Preview mode: the sample values are rendered, the script is gone.
  await expect(page.getByRole('heading', { name: `Preview: ${name}` })).toBeVisible();
  const frame = page.frameLocator('iframe[title="E-mail preview"]');
  await expect(frame.getByText('Hello Chloé Customer, order ORD-2026-000042 is Shipped.')).toBeVisible();

  await page.getByRole('button', { name: 'Send test' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a test e-mail' });
  await dialog.getByLabel('Recipient e-mail').fill(recipient);
  await dialog.getByRole('button', { name: 'Send test e-mail' }).click();
  await expect(page.getByText(M.testWritten(recipient))).toBeVisible();
  const mail = await lastMailTo(recipient);
  expect(mail).toContain('order ORD-2026-000042 is Shipped.');
  expect(mail).not.toContain('<script>');

  // Back to the list: search finds it; delete asks first.
  await page.getByRole('button', { name: 'All templates' }).click();
  await page.getByLabel('Search e-mail templates').fill(name);
  await expect(page.getByRole('cell', { name: new RegExp(name) }).first()).toBeVisible();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('button', { name: 'Delete template' }).click();
  await expect(page.getByText(M.deleted)).toBeVisible();
  await expect(page.getByText('No templates match')).toBeVisible();
});

test('an admin duplicates the default rental agreement and previews the copy', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Rental templates' })
    .click();
  await expect(page.getByRole('heading', { name: 'Rental templates', exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Rental templates' });
  await expect(table.getByText('Default')).toBeVisible();

  await page.getByRole('button', { name: 'Duplicate Standard rental agreement' }).click();
  await expect(page.getByText(RM.duplicated)).toBeVisible();
  const form = page.getByRole('form', { name: 'Edit rental template' });
  const name = form.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue('Standard rental agreement (copy)');
  await expect(form.getByRole('switch', { name: 'Default for this document type' })).not.toBeChecked();
  const copyName = unique('Short agreement');
  await name.fill(copyName);
  await form
    .getByRole('textbox', { name: 'Content (HTML)' })
    .fill('<p>Agreement {{booking_code}} for {{company_name}}</p>');
  await form.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText(RM.updated)).toBeVisible();

  await expect(page.getByRole('heading', { name: `Preview: ${copyName}` })).toBeVisible();
  const frame = page.frameLocator('iframe[title="Document preview"]');
  await expect(frame.getByText('Agreement RNT-2026-000007 for Lagoon Traders & Co')).toBeVisible();

  await page.getByRole('button', { name: 'All templates' }).click();
  await page.getByRole('button', { name: `Delete ${copyName}` }).click();
  await page.getByRole('button', { name: 'Delete template' }).click();
  await expect(page.getByText(RM.deleted)).toBeVisible();
  await expect(table.getByText('Standard rental agreement')).toBeVisible();
});
