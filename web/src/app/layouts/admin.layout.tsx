import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router-dom';
import { AdminHeader } from './admin-header.component';
import { AdminSidebar } from './admin-sidebar.component';
import { MAIN_CONTENT_ID } from './skip-link.component';

/** Every /admin page: header, sidebar, page. */
export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <AdminHeader sidebarOpened={opened} onToggleSidebar={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <AdminSidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
