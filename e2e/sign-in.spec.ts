import { expect, test } from './fixtures';
import { shopHydrated, signIn, signInThroughForm, signOutFromAdmin } from './support';

test('an admin signs in, sees the back office and signs out', async ({ page }) => {
  await signInThroughForm(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('signed-in-user')).toHaveText('Ada Admin');
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Roles & permissions' })).toBeVisible();
  await signOutFromAdmin(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
});

test('a wrong password shows the error beside the field', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill('admin@demo.test');
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a partner lands in the customer area and switches to the partner role', async ({ page }) => {
  await signInThroughForm(page, 'partner@demo.test');
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hello, Priya Partner' })).toBeVisible();
  // A click before hydration does nothing: the dashboard's chunk is larger since the customer areas.
  await shopHydrated(page);
  await page.getByRole('button', { name: 'Use as partner' }).click();
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Use as customer' })).toBeVisible();
});

test('staff cannot open the users page', async ({ page }) => {
  await signIn(page, 'staff@demo.test');
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(nav.getByRole('link', { name: 'File library' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  const response = await page.goto('/admin/users');
  expect(response?.status()).toBe(403);
  await expect(page.getByText('You do not have permission to open this page.')).toBeVisible();
});

test('a sign-in link that points at another site ends on the dashboard, a same-site one is followed', async ({
  page,
}) => {
  // A tab between the slashes, which the browser would drop: "/\t/evil.example/".
  await page.goto('/login?redirect=%2F%09%2Fevil.example%2F');
  await page.getByLabel(/^Email/).fill('admin@demo.test');
  await page.getByLabel(/^Password/).fill('emporium-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
  await signOutFromAdmin(page);

  await page.goto('/login?redirect=%2Fadmin%2Forders');
  await page.getByLabel(/^Email/).fill('admin@demo.test');
  await page.getByLabel(/^Password/).fill('emporium-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/admin\/orders$/);
});

test('an admin cannot change their own roles: the picker is read-only and says why', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  const me = await page.evaluate(
    async () =>
      (await (await fetch('/api/user', { headers: { accept: 'application/json' } })).json()).data.id,
  );
  await page.goto(`/admin/users/${me}/edit`);
  const roles = page.getByRole('region', { name: 'Roles' });
  await expect(roles.getByText('You cannot change your own roles.')).toBeVisible();
  await expect(roles.getByRole('combobox', { name: 'Roles' })).toBeDisabled();
  await expect(roles.getByRole('button', { name: 'Save roles' })).toHaveCount(0);
});
