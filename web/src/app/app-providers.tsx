import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createQueryClient } from '../api/query-client';
import { appTheme } from './app.theme';

/** Toasts come after the first paint: their library is not on any page's start-up path. */
const ToastHost = lazy(async () => ({
  default: (await import('../notify/toast-host.component')).ToastHost,
}));

/** Theme, server-state cache and toasts: everything a page may rely on. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={appTheme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {children}
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
