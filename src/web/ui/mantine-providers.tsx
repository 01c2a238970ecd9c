import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { cssVariablesResolver, theme } from './theme';

// The toasts' component (with its transitions and scroll-lock classes) loads after the first
// paint: what `notifications.show` adds before it is there waits in the store and shows when it
// mounts. It keeps about 14 KiB gzipped out of the shop's first chunk (docs/decisions/0079).
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

function Toasts() {
  const [mounted, setMounted] = useState(false);
  // After hydration only: the server renders no toasts, so the first client render matches it.
  useEffect(() => setMounted(true), []);
  return mounted ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={3000} zIndex={1000} />
    </Suspense>
  ) : null;
}

/**
 * How Mantine is rendered, with the theme. Its CSS variables and global classes are static (the
 * theme's colours come from the settings through variables of their own); Mantine writes them as a
 * style element into what it renders, 9 KB of every server-rendered shop page. The shop loads them
 * as a stylesheet of its bundle instead (mantine-variables.css, rendered from these props by its
 * test; issue 18). The admin, rendered in the browser, keeps Mantine's style element.
 */
export const mantineProps = {
  theme,
  cssVariablesResolver,
  defaultColorScheme: 'light',
} as const;

/**
 * Mantine with the shop's theme, and toasts (top-end, 3000 ms: spec 1 §9): all the storefront
 * needs. The admin adds the query client and confirmation modals (AppProviders).
 */
export function MantineProviders({
  children,
  env,
  variables = 'inline',
}: {
  children: ReactNode;
  env?: 'test';
  /** `stylesheet`: the page loads mantine-variables.css (the shop: mantine-styles.ts). */
  variables?: 'inline' | 'stylesheet';
}) {
  const inline = variables === 'inline';
  return (
    <MantineProvider
      {...mantineProps}
      withCssVariables={inline}
      withGlobalClasses={inline}
      {...(env ? { env } : {})}
    >
      <Toasts />
      {children}
    </MantineProvider>
  );
}
