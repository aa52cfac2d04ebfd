import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useSession } from '../../session/session-store';
import { BrandLogo } from '../brand-logo.component';
import { MobileMenu } from './mobile-menu.component';
import { UserMenu } from './user-menu.component';

/** The top bar: logged out shows Sign Up and Login; logged in, the user's name and menu. */
export function Navbar() {
  const session = useSession();
  return (
    <Group h="100%" px="md" justify="space-between" component="nav" aria-label="Main">
      <BrandLogo to={session.isLoggedIn ? '/dashboard' : '/'} />
      <Group gap="xs" visibleFrom="sm">
        {session.isLoggedIn ? (
          <UserMenu session={session} />
        ) : (
          <>
            <Button component={Link} to="/signup" variant="default">
              Sign Up
            </Button>
            <Button component={Link} to="/login">
              Login
            </Button>
          </>
        )}
      </Group>
      <Group hiddenFrom="sm">
        <MobileMenu session={session} />
      </Group>
    </Group>
  );
}
