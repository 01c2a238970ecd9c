import { axeViolations, expect, expectAccessible, test } from './fixtures';
import { signIn } from './support';

/**
 * axe-core over every page each role reaches from its navigation (issue 13): a serious or critical
 * violation fails the run. Journeys check the pages they end on too (e2e/fixtures.ts).
 */

async function settle(page: import('@playwright/test').Page) {
  await page.waitForLoadState('networkidle');
  // Lists and forms show placeholders while they load.
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]')).toHaveCount(0);
  await expect(page.locator('.mantine-LoadingOverlay-root')).toHaveCount(0);
}

test('the sign-in, registration and password pages and the shop’s pages are accessible', async ({ page }) => {
  for (const path of [
    '/',
    '/products',
    '/products?search=lamp&in_stock=1&sort=price_desc',
    '/category/garden',
    '/products/linen-cushion-cover',
    '/products/teak-garden-bench',
    '/product/compost-bin',
    '/contact',
    '/login',
    '/register',
    '/forgot-password',
  ]) {
    await page.goto(path);
    await settle(page);
    await expectAccessible(page);
  }
});

for (const email of ['admin@demo.test', 'staff@demo.test']) {
  test(`every back-office page in ${email}'s navigation is accessible`, async ({ page }) => {
    // About 26 pages, each settled and checked by axe-core: 1.8–3.1 min on a slow machine.
    test.setTimeout(420_000);
    await signIn(page, email);
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    // The navigation fills in once the signed-in account's permissions have loaded.
    await expect(nav.getByRole('link').nth(3)).toBeVisible();
    const hrefs = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(3);
    const checked: string[] = [];
    for (const href of [...new Set(hrefs)]) {
      // Through the navigation, as staff move: the app stays loaded and only the page changes (a
      // full load of the app per page was half of this walk's time).
      await nav.locator(`a[href="${href}"]`).first().click();
      await expect(page).toHaveURL((url) => url.pathname + url.search === href);
      await settle(page);
      await expectAccessible(page);
      checked.push(href);
    }
    expect(checked).toEqual([...new Set(hrefs)]);
  });
}

test('the gate sees a violation in the page and in a frame of it, and passes once they are gone', async ({
  page,
}) => {
  await page.goto('/contact');
  await settle(page);
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'nameless';
    const frame = document.createElement('iframe');
    frame.id = 'framed';
    frame.srcdoc = '<p style="color:#bbb">faint text</p>';
    document.body.append(button, frame);
  });
  await expect(page.frameLocator('#framed').locator('p')).toBeVisible();
  const found = await axeViolations(page);
  expect(found.some((line) => line.startsWith('button-name (critical): #nameless'))).toBe(true);
  expect(found.some((line) => line.startsWith('color-contrast (serious): #framed p'))).toBe(true);
  expect(found.some((line) => line.startsWith('frame-title (serious): #framed'))).toBe(true);
  await page.evaluate(() => {
    document.getElementById('nameless')?.remove();
    document.getElementById('framed')?.remove();
  });
  // The fixture's own check at the end of this test passes: the page is clean again.
});

for (const email of ['customer@demo.test', 'partner@demo.test', 'doctor@demo.test', 'patient@demo.test']) {
  test(`${email}'s area is accessible`, async ({ page }) => {
    await signIn(page, email);
    await settle(page);
    await expectAccessible(page);
  });
}

test('the back office works by keyboard: focus is visible, menus and dialogs open, move and close', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/roles');
  await settle(page);

  // Tab reaches the account menu; the focused control shows a visible outline.
  const account = page.getByRole('button', { name: /Account menu/ });
  for (let i = 0; i < 10 && !(await account.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(account).toBeFocused();
  const outline = await account.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');

  // Enter opens the menu, arrows move through its items, Escape closes it and gives focus back.
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // The menu takes the focus once it has opened (at once under reduced motion, a moment later).
  await expect.poll(() => account.evaluate((el) => el !== document.activeElement)).toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'View shop' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(account).toBeFocused();

  // A dialog opened from the keyboard holds the focus, closes with Escape and hands it back.
  const edit = page.getByRole('button', { name: 'Edit description of supplier' });
  await edit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit role supplier' });
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), {
      message: 'focus inside the dialog',
    })
    .toBe(true);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
});
