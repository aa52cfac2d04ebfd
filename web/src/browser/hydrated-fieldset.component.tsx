import type { ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A fieldset (no frame of its own) whose fields and buttons are disabled while React hydrates
 * prerendered HTML: what is typed or pressed before the app's code runs would be lost. Only the
 * fieldset renders again once hydrated; its children are the caller's elements, unchanged.
 */
export function HydratedFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className="mmfa-form-fieldset" disabled={!hydrated}>
      {children}
    </fieldset>
  );
}
