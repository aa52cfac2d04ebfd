import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates prerendered HTML (and when rendering it in Node), true from the render
 * after: what is prerendered can wait for the app's code before it takes input. Always true when the
 * app renders a page itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
