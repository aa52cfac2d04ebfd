import { Burger, Button, Drawer, NavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import type { Session } from '../../session/session.schema';
import { useSignOut } from '../../session/use-sign-out';
import { userMenuLinks } from './navbar-links';

/** Small screens: a burger opening the same links, with Logout (customer-area section 2). */
export function MobileMenu({ session }: { session: Session }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const signOut = useSignOut();
  return (
    <>
      <Burger opened={opened} onClick={toggle} size="sm" aria-label="Open menu" />
      <Drawer opened={opened} onClose={close} title={session.fullName || 'Menu'} position="right" size="xs">
        <Stack gap={4}>
          {session.isLoggedIn ? (
            <>
              {userMenuLinks(session).map((link) => (
                <NavLink key={link.to} component={Link} to={link.to} label={link.label} onClick={close} />
              ))}
              <Button
                mt="md"
                color="red"
                variant="light"
                onClick={() => {
                  close();
                  void signOut();
                }}
              >
                Logout
              </Button>
            </>
          ) : (
            <>
              <NavLink component={Link} to="/signup" label="Sign Up" onClick={close} />
              <NavLink component={Link} to="/login" label="Login" onClick={close} />
            </>
          )}
        </Stack>
      </Drawer>
    </>
  );
}
