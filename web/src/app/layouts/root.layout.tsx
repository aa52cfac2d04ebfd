import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useSessionRefresh } from '../../session/use-session-refresh';
import { RouteProgress } from '../route-progress.component';
import { useDocumentTitle } from '../use-document-title';

/** Above every page: the title, scroll restoration, the loading bar and the session check at start. */
export function RootLayout() {
  useDocumentTitle();
  useSessionRefresh();
  return (
    <>
      <RouteProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
