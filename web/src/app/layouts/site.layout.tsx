import { Outlet } from 'react-router-dom';
import { Navbar } from '../../components/navbar/navbar.component';
import { MAIN_CONTENT_ID } from './skip-link.component';

/**
 * Public and customer pages: the navigation bar above the page. A plain header and main (app.css),
 * not Mantine's AppShell: its resizable sidebars and scroll lock would ride on every first load.
 */
export function SiteLayout() {
  return (
    <>
      <header className="mmfa-site-header">
        <Navbar />
      </header>
      <main className="mmfa-site-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
