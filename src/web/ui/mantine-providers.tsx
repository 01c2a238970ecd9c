import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

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
      <Notifications position="top-right" autoClose={3000} zIndex={1000} />
      {children}
    </MantineProvider>
  );
}
