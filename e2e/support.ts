import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { workerDataDir } from './shop-server';

export const DEMO_PASSWORD = 'emporium-demo';

/** Waits until the storefront page has hydrated: typing before that is reset by hydration. */
export async function shopHydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/** Signs in through the login page, as a person would (the sign-in journeys). */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await shopHydrated(page);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Signs in as the login form does (its CSRF token, then POST /login), in the page's own browser
 * context so the session cookie is the page's, and opens the page the sign-in leads to. The
 * journeys that are about signing in use the form (signInThroughForm); the others start here,
 * without loading and hydrating the login page first.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const loginPage = await page.request.get('/login');
  const csrf = (await loginPage.text()).match(/<meta name="csrf-token" content="([^"]+)"/)?.[1];
  expect(csrf, 'the login page carries a CSRF token').toBeTruthy();
  const reply = await page.request.post('/login', {
    headers: { accept: 'application/json', 'x-csrf-token': csrf! },
    data: { email, password },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  const { redirect_url } = (await reply.json()) as { redirect_url: string };
  await page.goto(redirect_url);
}

export async function signOutFromAdmin(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A name no other test run uses. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/**
 * The newest e-mail the app wrote to its mail folder for this address (no SMTP in journeys). Mail
 * leaves through the job queue after the reply (docs/decisions/0046), so this waits for it.
 */
export async function lastMailTo(email: string): Promise<string> {
  const dir = path.join(workerDataDir(), 'mail');
  const mine = async () =>
    (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.includes(email));
  await expect
    .poll(async () => (await mine()).length, { message: `no mail to ${email}`, timeout: 10_000 })
    .toBeGreaterThan(0);
  const files = (await mine()).sort();
  const raw = await fs.readFile(path.join(dir, files[files.length - 1]!), 'utf8');
  // Undo quoted-printable soft line breaks and "=" escapes.
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/**
 * Drags one row's handle onto another row's handle (buttons named by `handleName`), with the
 * small first move dnd-kit waits for before it starts a drag.
 */
export async function dragRow(page: Page, from: string, to: string, handleName: (row: string) => string) {
  const handle = page.getByRole('button', { name: handleName(from) });
  const target = page.getByRole('button', { name: handleName(to) });
  await target.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const a = (await handle.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 - 8, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 - 4, { steps: 12 });
  await page.mouse.up();
}

/**
 * Waits for a toast with this text. Toasts of earlier steps may still be on screen, so the
 * newest one with the text is the one that counts.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true }).last()).toBeVisible();
}

/**
 * Changes the chat popup settings through the admin API with the signed-in page's CSRF token: a
 * journey that switches the popup on switches it off again, so the popup does not cover the shop
 * in the journeys after it.
 */
export async function setChatPopup(page: Page, settings: Record<string, unknown>): Promise<void> {
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  const response = await page.request.post('/api/whatsapp-configuration/settings', {
    data: settings,
    headers: {
      'X-CSRF-TOKEN': token ?? '',
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}
