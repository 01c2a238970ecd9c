import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'emporium-demo';

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
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

/** The newest e-mail the app wrote to its mail folder for this address (no SMTP in journeys). */
export async function lastMailTo(email: string): Promise<string> {
  const dir = path.join(process.env.EMPORIUM_E2E_DATA_DIR!, 'mail');
  const files = (await fs.readdir(dir)).filter((f) => f.includes(email)).sort();
  if (files.length === 0) throw new Error(`no mail to ${email}`);
  const raw = await fs.readFile(path.join(dir, files[files.length - 1]!), 'utf8');
  // Undo quoted-printable soft line breaks and "=" escapes.
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}
