import { Button, Drawer, NavLink, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Session } from '../../session/session.schema';
import { useSignOut } from '../../session/use-sign-out';
import { userMenuLinks } from './navbar-links';

export interface MobileMenuDrawerProps {
  session: Session;
  opened: boolean;
  close: () => void;
}

/** The mobile menu's drawer: the navigation bar's links, with Logout (customer-area section 2). */
export function MobileMenuDrawer({ session, opened, close }: MobileMenuDrawerProps) {
  const signOut = useSignOut();
  return (
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
  );
}
