import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { signIn } from './support';

const JSON_HEADERS = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };

/** The server's figures for a range, read with the page's own session. */
async function serverFigures(page: Page, from: string, to: string) {
  const response = await page.request.get(`/api/admin/dashboard?date_from=${from}&date_to=${to}`, {
    headers: JSON_HEADERS,
  });
  expect(response.status()).toBe(200);
  return (await response.json()).data as {
    salesOverview: { total_orders: number; selected_period_summary: { days: unknown[] } };
  };
}

/** "26/11/2026" (the demo shop's DD/MM/YYYY) as "2026-11-26". */
const iso = (display: string) => display.split('/').reverse().join('-');

test("an admin lands on the dashboard, reads today's sales, changes the period and exports it", async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();

  // Today by default (spec 3 §9): both dates are today and the figures are the server's.
  await expect(page.getByRole('radio', { name: 'Today' })).toBeChecked();
  const from = page.getByRole('button', { name: 'From' });
  const to = page.getByRole('button', { name: 'To' });
  const today = (await to.textContent())!.trim();
  await expect(from).toHaveText(today);
  const todays = await serverFigures(page, iso(today), iso(today));
  // The demo orders are placed when the demo shop is made: today has sales.
  expect(todays.salesOverview.total_orders).toBeGreaterThan(0);
  const orders = page.getByRole('region', { name: 'Orders', exact: true });
  const shows = (count: number) => new RegExp(`^Orders\\s*${count}$`);
  await expect(orders).toHaveText(shows(todays.salesOverview.total_orders));
  await expect(page.getByRole('region', { name: 'Payment status' })).toBeVisible();
  // The charts (issue 17) are figures named by their captions, drawn as svg; one day has no
  // sales-over-time chart, the status donut is there.
  const statusChart = page.getByRole('figure', { name: /orders by payment status/ });
  await expect(statusChart).toBeVisible();
  await expect(statusChart.locator('svg .recharts-pie-sector').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: /^Sales per day/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Recent orders' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pending users' })).toBeVisible();

  // The last 30 days: the dates follow the preset and each day is listed.
  await page.getByText('Last 30 days', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
  await expect(to).toHaveText(today);
  await expect(from).not.toHaveText(today);
  const start = iso((await from.textContent())!.trim());
  const month = await serverFigures(page, start, iso(today));
  expect(month.salesOverview.selected_period_summary.days).toHaveLength(30);
  await expect(orders).toHaveText(shows(month.salesOverview.total_orders));
  await expect(
    page.getByRole('region', { name: 'Sales per day, newest first' }).getByRole('row'),
  ).toHaveCount(31);
  // Over a range the sales chart draws the days as an area, with its table kept beside it.
  const salesChart = page.getByRole('figure', { name: /^Sales per day, .+ to / });
  await expect(salesChart).toBeVisible();
  await expect(salesChart.locator('svg .recharts-area-area').first()).toBeVisible();
  // axe with both charts on the page (the fixture checks the page again at the end).
  await expectAccessible(page);

  // Picking a date makes the period custom (spec 3 §5): from the first of this month to today.
  await from.click();
  const [day, monthNumber, year] = today.split('/') as [string, string, string];
  const monthName = new Date(Date.UTC(Number(year), Number(monthNumber) - 1, 1)).toLocaleString('en-GB', {
    month: 'long',
    timeZone: 'UTC',
  });
  await page
    .getByRole('button', { name: `1 ${monthName} ${year}`, exact: true })
    .first()
    .click();
  await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await expect(from).toHaveText(`01/${monthNumber}/${year}`);
  const custom = await serverFigures(page, `${year}-${monthNumber}-01`, iso(today));
  await expect(orders).toHaveText(shows(custom.salesOverview.total_orders));
  await expect(
    page.getByText(day === '01' ? `Sales of ${today}.` : `Sales of 01/${monthNumber}/${year} to ${today}.`),
  ).toBeVisible();

  // The statistics of the custom range download as a spreadsheet.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export statistics' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^dashboard_statistics_${year}-${monthNumber}-01_${iso(today)}_[0-9_-]+\\.xlsx$`),
  );
  const bytes = await readFile((await file.path())!);
  // An .xlsx file is a zip archive.
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(page.getByText(/^Downloaded dashboard_statistics_/)).toBeVisible();
});
