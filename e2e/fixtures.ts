import { test as base, expect, type Page } from '@playwright/test';
import { axeRun } from './axe';
import { type ShopServer, startShopServer } from './shop-server';

export { expect };

/**
 * Waits until no CSS transition or animation is running, spinners aside (a toast fading in is checked at its
 * final colours, not half-transparent), for at most 5 s.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000, polling: 100 },
    )
    .catch(() => undefined);
}

/** The serious and critical axe violations of the page as it is now, one line per node. */
export async function axeViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  return (await axeRun(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`,
      ),
    );
}

/** Fails with every serious or critical violation of the page, named by its address. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page), `axe on ${new URL(page.url()).pathname}`).toEqual([]);
}

/** What the browser reports as broken: uncaught errors and console errors (a hydration mismatch among them). */
function isReportedError(text: string): boolean {
  // A refused request (401, 404, 422…) is logged by Chromium itself; the journeys check those replies.
  return !/^Failed to load resource: the server responded with a status of (4\d\d)/.test(text);
}

/**
 * A journey that provokes a browser error on purpose (a faked server failure) says so, with the
 * text the error carries: `expectBrowserError('status of 500')`. Every other one fails the test.
 */
export function expectBrowserError(text: string): void {
  test.info().annotations.push({ type: 'expected-browser-error', description: text });
}

/**
 * The app of the worker (e2e/shop-server.ts), started before its first journey and stopped after
 * its last; every journey's pages and requests go to it. The page of every journey fails on an
 * uncaught error or a console error (a hydration mismatch among them) and ends with an axe check
 * of the page the journey ends on.
 */
export const test = base.extend<Record<never, never>, { shopServer: ShopServer }>({
  shopServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const server = await startShopServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ shopServer }, use) => use(shopServer.url),
  page: async ({ page }, use, testInfo) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && isReportedError(message.text()))
        errors.push(`${page.url()}: ${message.text()}`);
    });
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus || page.isClosed()) return;
    const expected = testInfo.annotations
      .filter((a) => a.type === 'expected-browser-error')
      .map((a) => a.description ?? '');
    const unexpected = errors.filter((error) => !expected.some((text) => error.includes(text)));
    expect(unexpected, 'errors reported by the browser').toEqual([]);
    await expectAccessible(page);
  },
});
