import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState, useSyncExternalStore } from 'react';
import { createQueryClient } from '../api/query-client';
import { subscribeToastHost, toastHostWanted } from '../notify/notify';
import { appTheme } from './app.theme';

/** Toasts come with the first one raised (notify): their library is not on any page's start-up path. */
const ToastHost = lazy(async () => ({
  default: (await import('../notify/toast-host.component')).ToastHost,
}));

const noToastHost = () => false;

/** Theme, server-state cache and toasts: everything a page may rely on. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Prerendered HTML has no toast host.
  const toasts = useSyncExternalStore(subscribeToastHost, toastHostWanted, noToastHost);
  return (
    // The theme's CSS variables come as a style sheet made at build time (main.tsx imports it), not as
    // a <style> the provider resolves on every page load.
    <MantineProvider theme={appTheme} defaultColorScheme="light" withCssVariables={false}>
      <QueryClientProvider client={queryClient}>
        {children}
        {toasts && (
          <Suspense fallback={null}>
            <ToastHost />
          </Suspense>
        )}
      </QueryClientProvider>
    </MantineProvider>
  );
}
