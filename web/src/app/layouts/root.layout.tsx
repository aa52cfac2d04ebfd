import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useSessionRefresh } from '../../session/use-session-refresh';
import { RouteProgress } from '../route-progress.component';
import { useDocumentTitle } from '../use-document-title';
import { SkipLink } from './skip-link.component';

/**
 * Above every page: the title, the skip link, scroll restoration, the loading bar and the session
 * check at start.
 */
export function RootLayout() {
  useDocumentTitle();
  useSessionRefresh();
  return (
    <>
      <SkipLink />
      <RouteProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
