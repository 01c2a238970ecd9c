import type { Page } from '@playwright/test';
import { expect, expectBrowserError, test } from './fixtures';
import { signIn, signOutFromAdmin, unique } from './support';

async function openRoles(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Admin navigation' })
    .getByRole('link', { name: 'Roles & permissions' })
    .click();
  await expect(page).toHaveURL(/\/admin\/roles$/);
  await expect(page.getByRole('heading', { name: 'Roles & permissions' })).toBeVisible();
}

/** Opens a role's permission switches and sets one; waits until the server has agreed. */
async function setStaffPermission(page: Page, permission: string, on: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Permissions of staff' }).click();
  const drawer = page.getByRole('dialog', { name: 'Permissions of staff' });
  const toggle = drawer.getByRole('switch', { name: permission, exact: true });
  await expect(toggle).toBeVisible();
  await expect(toggle).toBeChecked({ checked: !on });
  // The switch follows the cache the toggle updates optimistically, a moment after the click:
  // setChecked's immediate look could miss it on a loaded machine, so click once and wait.
  await toggle.click();
  await expect(toggle).toBeChecked({ checked: on });
  await expect(
    page.getByText(on ? `staff can now use ${permission}.` : `staff can no longer use ${permission}.`),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

test('an admin gives staff the Users page and takes it back; staff see it on their next sign-in', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin@demo.test');
  await openRoles(page);
  await setStaffPermission(page, 'users.manage', true);
  try {
    await signOutFromAdmin(page);

    await signIn(page, 'staff@demo.test');
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
    const allowed = await page.goto('/admin/users');
    expect(allowed?.status()).toBe(200);
    await expect(page.getByTestId('signed-in-user')).toHaveText('Sam Staff');
    await signOutFromAdmin(page);

    await signIn(page, 'admin@demo.test');
    await openRoles(page);
    await setStaffPermission(page, 'users.manage', false);
    await signOutFromAdmin(page);

    await signIn(page, 'staff@demo.test');
    await expect(nav.getByRole('link', { name: 'File library' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    const refused = await page.goto('/admin/users');
    expect(refused?.status()).toBe(403);
    await expect(page.getByText('You do not have permission to open this page.')).toBeVisible();
  } finally {
    // Whatever failed above, the demo staff role must not keep users.manage for later journeys.
    const context = await browser.newContext();
    const admin = await context.newPage();
    await signIn(admin, 'admin@demo.test');
    await openRoles(admin);
    await admin.getByRole('button', { name: 'Permissions of staff' }).click();
    const toggle = admin
      .getByRole('dialog', { name: 'Permissions of staff' })
      .getByRole('switch', { name: 'users.manage', exact: true });
    await expect(toggle).toBeVisible();
    if (await toggle.isChecked()) {
      await toggle.click();
      await expect(admin.getByText('staff can no longer use users.manage.')).toBeVisible();
    }
    await context.close();
  }
});

test('the admin role keeps roles.manage: its switch is locked on', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await openRoles(page);
  await page.getByRole('button', { name: 'Permissions of admin' }).click();
  const drawer = page.getByRole('dialog', { name: 'Permissions of admin' });
  const locked = drawer.getByRole('switch', { name: 'roles.manage', exact: true });
  await expect(locked).toBeChecked();
  await expect(locked).toBeDisabled();
  await drawer.getByTestId('locked-permission').hover();
  await expect(page.getByText('The admin role must keep roles.manage')).toBeVisible();
});

test('an admin creates, renames and deletes a role through the dialogs', async ({ page }) => {
  const name = unique('e2e');
  const renamed = `${name}-x`;
  await signIn(page, 'admin@demo.test');
  await openRoles(page);

  await page.getByRole('button', { name: 'New role' }).click();
  const create = page.getByRole('dialog', { name: 'New role' });
  await create.getByRole('button', { name: 'Create role' }).click();
  await expect(create.getByText('Please enter a role name.')).toBeVisible();
  await create.getByRole('textbox', { name: 'Name' }).fill('staff');
  await create.getByRole('textbox', { name: 'Description' }).fill('Packs parcels in the evening');
  await create.getByRole('button', { name: 'Create role' }).click();
  await expect(create.getByText('The name has already been taken.')).toBeVisible();
  await create.getByRole('textbox', { name: 'Name' }).fill(name);
  await create.getByRole('button', { name: 'Create role' }).click();
  await expect(page.getByText('Role created.')).toBeVisible();
  await expect(create).toBeHidden();

  await page.getByRole('textbox', { name: 'Search roles' }).fill(name);
  await expect(page).toHaveURL(new RegExp(`search=${name}`));
  const table = page.getByRole('table', { name: 'Roles' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('Packs parcels in the evening')).toBeVisible();

  await page.getByRole('button', { name: `Rename ${name}` }).click();
  const rename = page.getByRole('dialog', { name: 'Rename role' });
  await expect(rename.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await rename.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role updated.')).toBeVisible();
  await expect(table.getByText(renamed, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete the role ${renamed}?` });
  await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.getByText(renamed, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByText('Role deleted.')).toBeVisible();
  await expect(page.getByText('No roles match your search')).toBeVisible();
});

test('built-in roles keep their name and cannot be deleted', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await openRoles(page);
  await expect(page.getByRole('button', { name: 'Delete staff' })).toBeDisabled();
  await page.getByRole('button', { name: 'Delete staff' }).hover();
  await expect(
    page.getByText('Built-in roles cannot be deleted, because the shop checks them by name.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Edit description of staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit role staff' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeDisabled();
});

test('the permissions tab lives in the address bar and manages permissions', async ({ page }) => {
  const name = `${unique('e2e').replace('-', '')}.export`;
  await signIn(page, 'admin@demo.test');
  await openRoles(page);
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page).toHaveURL(/\?tab=permissions$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Permissions' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'New permission' }).click();
  const create = page.getByRole('dialog', { name: 'New permission' });
  await create.getByRole('textbox', { name: 'Name' }).fill('export');
  await create.getByRole('button', { name: 'Create permission' }).click();
  await expect(create.getByText(/must look like area\.action/)).toBeVisible();
  await create.getByRole('textbox', { name: 'Name' }).fill(name);
  await create.getByRole('button', { name: 'Create permission' }).click();
  await expect(page.getByText('Permission created.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Search permissions' }).fill(name);
  await expect(page).toHaveURL(/tab=permissions/);
  const table = page.getByRole('table', { name: 'Permissions' });
  await expect(table.getByText(name, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByText('Permission deleted.')).toBeVisible();
  await expect(page.getByText('No permissions match your search')).toBeVisible();
});

test('a switch moves at once, and flips back with a message when the server refuses', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await openRoles(page);
  // The server's answer to this one grant is held back, then refused; nothing else is faked.
  expectBrowserError('status of 500');
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/admin/roles/*/permissions', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await answered;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"message":"Server Error"}',
    });
  });
  await page.getByRole('button', { name: 'Permissions of staff' }).click();
  const drawer = page.getByRole('dialog', { name: 'Permissions of staff' });
  const toggle = drawer.getByRole('switch', { name: 'settings.manage', exact: true });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  answer();
  await expect(page.getByText('Failed to change the permission. Please try again.')).toBeVisible();
  await expect(toggle).not.toBeChecked();
});
