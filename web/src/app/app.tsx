import { RouterProvider } from 'react-router-dom';
import type { AppRouter } from './app.router';
import { AppProviders } from './app-providers';

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
