import { SMS_MESSAGES as M } from '../src/contracts/messaging';
import { fakeSmsGatewayHandler, startFakeProvider } from '../src/test/fake-provider';
import { expect, test } from './fixtures';
import { signIn } from './support';

const state = { next: 0, statuses: new Map<string, string>() };
let gateway: Awaited<ReturnType<typeof startFakeProvider>>;

test.beforeAll(async () => {
  gateway = await startFakeProvider(fakeSmsGatewayHandler(state));
});
test.afterAll(async () => {
  await gateway.close();
});

test('an admin points the SMS gateway at a provider, sends a test SMS, sees it logged and checks its status', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/sms-settings');
  await expect(page.getByRole('heading', { name: 'SMS settings' })).toBeVisible();

  const gatewaySection = page.getByRole('region', { name: 'Gateway' });
  await gatewaySection.getByLabel('Gateway address').fill(`${gateway.url}/v1`);
  await gatewaySection.getByLabel('App id').fill('journey-app');
  await gatewaySection.getByLabel('App key').fill('journey-key');
  await gatewaySection.getByLabel('Campaign name').fill('Journey');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(M.saved)).toBeVisible();
  await expect(gatewaySection.getByText('A key is stored; leave empty to keep it.')).toBeVisible();

  const testSection = page.getByRole('region', { name: 'Test' });
  await testSection.getByRole('button', { name: 'Send test SMS' }).click();
  await expect(testSection.getByText(M.phoneRequired)).toBeVisible();
  await testSection.getByLabel('Phone number').fill('+230 5250 0001');
  await testSection.getByRole('button', { name: 'Send test SMS' }).click();
  await expect(page.getByText(M.testSent('+23052500001'))).toBeVisible();
  expect(gateway.received.at(-1)).toMatchObject({ method: 'POST', path: '/v1/messages' });
  expect(gateway.received.at(-1)!.headers.authorization).toBe('Bearer journey-key');

  await page.getByRole('tab', { name: 'Logs' }).click();
  const logs = page.getByRole('table', { name: 'SMS logs' });
  const row = logs.getByRole('row').filter({ hasText: '+23052500001' }).first();
  await expect(row).toContainText('queued');
  await expect(row).toContainText('Test');

  state.statuses.set('msg-1', 'delivered');
  await row.getByRole('button', { name: /Check status/ }).click();
  await expect(page.getByText(M.statusChecked('delivered'))).toBeVisible();
  await expect(row).toContainText('delivered');

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(page.getByText('No SMS found.')).toBeVisible();

  await page.getByRole('tab', { name: 'Statistics' }).click();
  await expect(page.getByText('Last 7 days')).toBeVisible();
});
