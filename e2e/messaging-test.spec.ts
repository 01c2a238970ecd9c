import { MESSAGING_TEST_MESSAGES as W } from '../src/contracts/messaging';
import { startFakeProvider } from '../src/test/fake-provider';
import { expect, test } from './fixtures';
import { signIn } from './support';

let provider: Awaited<ReturnType<typeof startFakeProvider>>;

test.beforeAll(async () => {
  provider = await startFakeProvider((r) => {
    if (r.headers.authorization !== 'Bearer journey-token')
      return { status: 401, json: { error: { message: 'Bad token' } } };
    if (r.path === '/v21.0/me') return { json: { id: '1', name: 'Journey Shop' } };
    if (r.path === '/v21.0/me/phone_numbers')
      return {
        json: { data: [{ id: '1055', display_phone_number: '+230 5250 0001', verified_name: 'Journey' }] },
      };
    if (r.path === '/v21.0/1055/message_templates')
      return {
        json: {
          data: [
            {
              name: 'order_ready',
              language: 'en_US',
              status: 'APPROVED',
              components: [{ type: 'BODY', text: 'Hi {{1}}' }],
            },
          ],
        },
      };
    if (r.path === '/v21.0/1055/messages') return { json: { messages: [{ id: 'wamid.9' }] } };
    return { status: 404, json: {} };
  });
});
test.afterAll(async () => {
  await provider.close();
});

test('an admin configures the messaging provider, loads accounts and templates, and sends a template message', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/messaging-test');
  await expect(page.getByRole('heading', { name: 'Messaging test' })).toBeVisible();

  await page.getByRole('button', { name: 'Send template message' }).click();
  await expect(page.getByText(W.selectAccount)).toBeVisible();

  await page.getByLabel('API address').fill(`${provider.url}/v21.0`);
  await page.getByLabel('API token').fill('journey-token');
  await page.getByRole('button', { name: 'Save configuration' }).click();
  await expect(page.getByText(W.saved)).toBeVisible();
  await expect(page.getByText('A token is stored; leave empty to keep it.')).toBeVisible();

  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText(`${W.connected}: Journey Shop`)).toBeVisible();
  await page.getByRole('button', { name: 'Load accounts' }).click();
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue('+230 5250 0001 (Journey)');
  await page.getByRole('button', { name: 'Load templates' }).click();
  await expect(page.getByRole('combobox', { name: 'Template' })).toHaveValue('order_ready (en_US, approved)');

  await page.getByLabel('Phone number').fill('+230 5250 0002');
  await page.getByLabel('Template variables').fill('Ana');
  await page.getByRole('button', { name: 'Send template message' }).click();
  await expect(page.getByText(W.templateSent)).toBeVisible();
  expect(provider.received.at(-1)!.body).toMatchObject({
    to: '+23052500002',
    template: { name: 'order_ready', components: [{ parameters: [{ text: 'Ana' }] }] },
  });
});
