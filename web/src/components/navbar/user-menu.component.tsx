import { Avatar, Button, Menu } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Session } from '../../session/session.schema';
import { useSignOut } from '../../session/use-sign-out';
import { userMenuLinks } from './navbar-links';

export function initialsOf(fullName: string): string {
  return fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/**
 * Desktop: the user's full name opening the account menu. Its accessible name is the name it shows
 * (the initials' avatar is decoration, hidden from assistive technology); Menu marks it a menu button.
 */
export function UserMenu({ session }: { session: Session }) {
  const signOut = useSignOut();
  const name = session.fullName || session.emailAddress;
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={
            <Avatar size="sm" color="brand" radius="xl" aria-hidden="true">
              {initialsOf(name)}
            </Avatar>
          }
        >
          {name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {userMenuLinks(session).map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void signOut()}>
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
