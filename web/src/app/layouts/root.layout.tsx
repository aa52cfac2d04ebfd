import { Outlet, ScrollRestoration } from 'react-router-dom';
import { RouteProgress } from '../route-progress.component';
import { useDocumentTitle } from '../use-document-title';

/** Above every page: the title, scroll restoration and the loading bar. */
export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <RouteProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
