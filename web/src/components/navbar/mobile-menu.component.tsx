import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useHydrated } from '../../browser/use-hydrated';
import type { Session } from '../../session/session.schema';

// The drawer (its focus trap, scroll area and the sign-out call with the API contract) loads when the
// burger is first pressed: the pages a visitor opens first do not run its code.
const MobileMenuDrawer = lazy(async () => ({
  default: (await import('./mobile-menu-drawer.component')).MobileMenuDrawer,
}));

/** Small screens: a burger opening the same links, with Logout (customer-area section 2). */
export function MobileMenu({ session }: { session: Session }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [pressed, setPressed] = useState(false);
  // Prerendered (sign-in.html), the burger waits for the app's code: a press before would do nothing.
  const hydrated = useHydrated();
  return (
    <>
      <Burger
        opened={opened}
        onClick={() => {
          setPressed(true);
          toggle();
        }}
        size="sm"
        disabled={!hydrated}
        aria-label="Open menu"
      />
      {pressed && (
        <Suspense fallback={null}>
          <MobileMenuDrawer session={session} opened={opened} close={close} />
        </Suspense>
      )}
    </>
  );
}
