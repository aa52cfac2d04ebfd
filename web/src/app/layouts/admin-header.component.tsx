import { Badge, Burger, Button, Group, Menu } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo.component';
import { useSession } from '../../session/session-store';
import { useSignOut } from '../../session/use-sign-out';

interface AdminHeaderProps {
  sidebarOpened: boolean;
  onToggleSidebar: () => void;
}

/** The admin's full name with Change Password and Sign Out (admin-area section 2). */
export function AdminHeader({ sidebarOpened, onToggleSidebar }: AdminHeaderProps) {
  const session = useSession();
  const signOut = useSignOut();
  return (
    <Group h="100%" px="md" justify="space-between">
      <Group gap="sm">
        <Burger
          opened={sidebarOpened}
          onClick={onToggleSidebar}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle sidebar"
        />
        <BrandLogo to="/admin/dashboard" />
        <Badge variant="light" visibleFrom="xs">
          Admin
        </Badge>
      </Group>
      <Menu position="bottom-end" width={200} shadow="md">
        <Menu.Target>
          <Button variant="subtle" color="gray" aria-label={`Account menu for ${session.fullName}`}>
            {session.fullName || session.emailAddress}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to="/change-password">
            Change Password
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => void signOut()}>
            Sign Out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
