import { Button, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../../session/session-store';
import { BrandLogo } from '../brand-logo.component';

// The menus (popover, drawer and their positioning library) load after the page: a visitor on the
// sign-in screen does not wait for them.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu.component')).UserMenu }));
const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu.component')).MobileMenu }));

/** The top bar: logged out shows Sign Up and Login; logged in, the user's name and menu. */
export function Navbar() {
  const session = useSession();
  return (
    <Group h="100%" px="md" justify="space-between" component="nav" aria-label="Main">
      <BrandLogo to={session.isLoggedIn ? '/dashboard' : '/'} />
      <Group gap="xs" visibleFrom="sm">
        {session.isLoggedIn ? (
          <Suspense fallback={null}>
            <UserMenu session={session} />
          </Suspense>
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
        <Suspense fallback={null}>
          <MobileMenu session={session} />
        </Suspense>
      </Group>
    </Group>
  );
}
