import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { HttpError } from '../lib/http';
import { MantineProviders } from './mantine-providers';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
      },
    },
  });
}

// The confirmation dialogs' host is a chunk of its own, fetched as soon as this module runs: its
// Modal brings Mantine's ScrollArea and floating-ui, which the first paint does not need, and a
// confirmation is only asked from a page, whose own chunk and data arrive after it.
const modalsHost = import('./modals-host');
const ModalsHost = lazy(() => modalsHost);

/** The admin's providers: Mantine and toasts, the query client and confirmation modals. */
export function AppProviders({ children, env }: { children: ReactNode; env?: 'test' }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProviders {...(env ? { env } : {})}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <ModalsHost />
        </Suspense>
        {children}
      </QueryClientProvider>
    </MantineProviders>
  );
}
