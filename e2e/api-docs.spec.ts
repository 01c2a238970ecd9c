import { expect, test } from './fixtures';

/**
 * The API document for integrators (issue 18, docs/decisions/0074): a page a person reads, under the
 * app's Content-Security-Policy (a refused style or script is a console error, which fails the
 * journey), and the JSON document beside it. The fixture ends with axe on the page.
 */
test('an integrator reads the API document and opens its JSON', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { level: 1, name: /Emporium API/ })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Modules' })
    .getByRole('link', { name: 'accounts', exact: true })
    .click();
  const accounts = page.getByRole('region', { name: 'accounts' });
  await expect(accounts).toBeVisible();
  const login = accounts
    .locator('details')
    .filter({ has: page.locator('summary', { hasText: /^POST\s+\/login$/ }) });
  await login.locator('summary').click();
  await expect(login.getByRole('table')).toContainText('X-CSRF-Token');
  await expect(login).toContainText('"maxLength": 255');

  const reply = await page.request.get('/api/docs/openapi.json');
  expect(reply.ok()).toBe(true);
  const document = await reply.json();
  expect(document.openapi).toBe('3.1.0');
  expect(document.paths['/login'].post.tags).toEqual(['accounts']);
});
