import { CHAT_POPUP_MESSAGES as M } from '../src/contracts/chat-popup';
import { expect, test } from './fixtures';
import { setChatPopup, signIn } from './support';

test('an admin switches the chat popup on, moves it, keeps it after a reload, and opens a test chat', async ({
  page,
  context,
}) => {
  await signIn(page, 'admin@demo.test');
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Chat popup' })
    .click();
  await expect(page.getByRole('heading', { name: 'Chat popup' })).toBeVisible();

  const popup = page.getByRole('region', { name: 'Popup' });
  await popup.getByLabel('Show the chat popup').check();
  await popup.getByLabel('WhatsApp phone number').fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(popup.getByText(M.phoneRequired)).toBeVisible();

  await popup.getByLabel('WhatsApp phone number').fill('+230 5250 0001');
  await page.getByRole('tab', { name: 'Appearance' }).click();
  await page.getByRole('combobox', { name: 'Position' }).click();
  await page.getByRole('option', { name: 'Top left' }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(M.saved)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Chat popup' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Popup' }).getByLabel('WhatsApp phone number')).toHaveValue(
    '+230 5250 0001',
  );
  await page.getByRole('tab', { name: 'Appearance' }).click();
  await expect(page.getByRole('combobox', { name: 'Position' })).toHaveValue('Top left');
  // The storefront reads the same settings.
  const shop = await page.request.get('/api/whatsapp-popup/settings');
  expect((await shop.json()).settings).toMatchObject({
    whatsapp_popup_enabled: true,
    whatsapp_popup_position: 'top-left',
  });

  // The chat app is not reachable from the test machine: answer its page locally.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ body: 'chat opened', contentType: 'text/plain' }),
  );
  await page.getByRole('tab', { name: 'Test' }).click();
  await page.getByLabel('Test message').fill('Hello from the journey');
  const [chat] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Open test chat' }).click(),
  ]);
  await expect(chat).toHaveURL('https://wa.me/23052500001?text=Hello%20from%20the%20journey');
  // Off again: the storefront shows it now, and the journeys after this one shop without it.
  await setChatPopup(page, { whatsapp_popup_enabled: false });
});
