import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { Navbar } from '../../components/navbar/navbar.component';

/** Public and customer pages: the navigation bar above the page. */
export function SiteLayout() {
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <Navbar />
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
