import { CONTACT_MESSAGES as M } from '../src/contracts/contact';
import { expect, test } from './fixtures';
import { lastMailTo, setChatPopup, shopHydrated, signIn } from './support';

/** A name of letters only (the contact form's rule), different on every run. */
function uniqueName(): string {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  return `Grace ${letters.join('')}`;
}

test('a visitor fixes a field, sends a message, and the admin reads it in the list and the mailbox', async ({
  page,
}) => {
  const name = uniqueName();
  const text = `Do you deliver to Rose Hill? Asked by ${name}.`;
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  await shopHydrated(page);

  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel(/^Name/).fill('Grace 2');
  await form.getByLabel(/^Email/).fill('grace@example.test');
  await form.getByLabel(/^Phone/).fill('+230 5250 0001');
  await form.getByLabel(/^Message/).fill('Too short');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText(M.nameLetters)).toBeVisible();
  await expect(form.getByText(M.messageTooShort)).toBeVisible();
  // The focus lands on the first field to fix.
  await expect(form.getByLabel(/^Name/)).toBeFocused();

  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel(/^Message/).fill(text);
  await form.getByRole('button', { name: 'Send message' }).click();
  const dialog = page.getByRole('dialog', { name: M.sentTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(M.sent)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(form.getByLabel(/^Name/)).toHaveValue('');

  // The job queue mails it to the shop's admin address after the reply.
  await expect.poll(() => lastMailTo('admin@demo.test'), { timeout: 15_000 }).toContain(text);
  expect(await lastMailTo('admin@demo.test')).toContain('Reply-To: grace@example.test');

  // The sign-in page hydrates before it is typed into (the shop's chunks are already cached here).
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await signIn(page, 'admin@demo.test');
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Contact messages' })
    .click();
  await expect(page.getByRole('heading', { name: 'Contact messages' })).toBeVisible();
  await page.getByLabel('Search contact messages').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('New')).toBeVisible();
  await row.getByRole('button', { name: `Open the message from ${name}` }).click();
  const detail = page.getByRole('dialog', { name: `Message from ${name}` });
  await expect(detail.getByText(text)).toBeVisible();
  await detail.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByText(M.markedRead)).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row.getByText('Read', { exact: true })).toBeVisible();
});

test('the chat popup appears on a product page after its delay, once switched on in the admin', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Chat popup' })
    .click();
  const popupSettings = page.getByRole('region', { name: 'Popup' });
  await popupSettings.getByLabel('Show the chat popup').check();
  await popupSettings.getByLabel('WhatsApp phone number').fill('+230 5250 0001');
  await popupSettings.getByLabel('Message template').fill('Hello, about {product_name}: {page_url}');
  await page.getByRole('tab', { name: 'Appearance' }).click();
  await page.getByRole('combobox', { name: 'Show on' }).click();
  await page.getByRole('option', { name: 'Product pages' }).click();
  await page.getByLabel('Delay (seconds)').fill('2');
  await page.getByRole('combobox', { name: 'Size' }).click();
  await page.getByRole('option', { name: 'Large' }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Chat popup settings saved successfully')).toBeVisible();

  try {
    // Not on a category page…
    await page.goto('/products');
    await page.waitForTimeout(2_500);
    await expect(page.getByRole('complementary', { name: 'Chat with us' })).toHaveCount(0);

    // …but on a product page, after its 2 seconds.
    await page.goto('/product/linen-cushion-cover');
    const shownAfter = Date.now();
    const popup = page.getByRole('complementary', { name: 'Chat with us' });
    await expect(popup).toBeVisible({ timeout: 6_000 });
    expect(Date.now() - shownAfter).toBeGreaterThanOrEqual(1_500);
    const link = popup.getByRole('link', { name: /Questions about Linen cushion c…\?/ });
    // A desktop browser opens the web chat, with the template filled.
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^https:\/\/web\.whatsapp\.com\/send\?phone=23052500001&text=/);
    expect(decodeURIComponent(href!.split('text=')[1]!)).toMatch(
      /^Hello, about Linen cushion cover: http:\/\/localhost:\d+\/product\/linen-cushion-cover$/,
    );
    await expect(link).toHaveAttribute('target', '_blank');

    // Keyboard: the link, then its close button; Escape closes it and it stays closed on the next page.
    await link.focus();
    await page.keyboard.press('Tab');
    await expect(popup.getByRole('button', { name: 'Close the chat popup' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await page.reload();
    await page.waitForTimeout(2_500);
    await expect(page.getByRole('complementary', { name: 'Chat with us' })).toHaveCount(0);
  } finally {
    await page.goto('/admin/chat-popup');
    await setChatPopup(page, { whatsapp_popup_enabled: false, whatsapp_popup_delay_seconds: 0 });
  }
});
