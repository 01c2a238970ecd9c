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
 * Mantine with the shop's theme, and toasts (top-end, 3000 ms: spec 1 §9): all the storefront
 * needs. The admin adds the query client and confirmation modals (AppProviders).
 */
export function MantineProviders({ children, env }: { children: ReactNode; env?: 'test' }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      {...(env ? { env } : {})}
    >
      <Toasts />
      {children}
    </MantineProvider>
  );
}
