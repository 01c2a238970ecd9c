import { notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { DEFAULT_UI_SETTINGS } from '../lib/ui-settings';
import { AppProviders } from './providers';

/** Mantine in happy-dom needs matchMedia and ResizeObserver stand-ins (STACK-NOTES). */
export function installDomStandIns(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/** Answers the display-settings call with the defaults, so components render as in a fresh shop. */
function stubUiSettings(): void {
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).startsWith('/api/ui-settings'))
      return new Response(JSON.stringify(DEFAULT_UI_SETTINGS));
    return original(input, init);
  }) as typeof fetch;
}

/**
 * Renders inside the app's providers, as a fresh page would. Mantine keeps its toasts in a module
 * store: a toast whose page was unmounted before it closed stays there, and once five are kept
 * (an earlier file's, since a worker keeps modules between files) new ones wait in the queue and
 * never show. A fresh page starts with none.
 */
export function renderWithProviders(ui: ReactElement) {
  installDomStandIns();
  stubUiSettings();
  notifications.clean();
  return render(<AppProviders env="test">{ui}</AppProviders>);
}
