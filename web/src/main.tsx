import '@mantine/core/styles.css';
// The theme's CSS variables, made at build time (vite.config.ts): AppProviders renders none.
import 'virtual:mantine-theme-variables.css';
import './app/app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { takeSignInNotice } from './api/sign-in-notice';
import { setUnauthorizedHandler } from './api/unauthorized';
import { App } from './app/app';
import { type AppRouter, createAppRouter } from './app/app.router';
import { expireSession } from './session/expire-session';
import { sessionStore } from './session/session-store';

// A 401 ends the session and opens /login.
setUnauthorizedHandler(expireSession);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Resolves once the router has loaded the first route's code (its lazy page module). */
function firstRouteLoaded(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Whether the page in #root is what the app renders now: sign-in.html's prerendered sign-in screen
 * (vite.config.ts) is the signed-out screen of an address with no query, for a page load that carries
 * no state (a Google callback, an expired session's notice and a sign-up's hand-off each change it).
 */
function prerenderedPageFits(): boolean {
  return (
    container?.hasAttribute('data-prerendered') === true &&
    window.location.search === '' &&
    !sessionStore.getSnapshot().isLoggedIn &&
    // Taken once per page load: the sign-in page reads the same notice after.
    takeSignInNotice() === undefined &&
    (window.history.state as { usr?: unknown } | null)?.usr == null
  );
}

/**
 * The app, rendered in a transition: React renders the first page in slices, between which the
 * browser stays responsive. On a prerendered page that fits, React hydrates it (attaches to its
 * elements instead of building them again); otherwise it replaces whatever #root holds.
 */
function render(router: AppRouter): void {
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  startTransition(() => {
    if (prerenderedPageFits()) hydrateRoot(container as HTMLElement, app);
    else createRoot(container as HTMLElement).render(app);
  });
}

/**
 * Starts the router (which matches the URL and loads the page's code), then renders. sign-in.html
 * paints the prerendered sign-in screen: it stays until the page itself can render, instead of giving
 * way to the loading screen first.
 */
function start(): void {
  const router = createAppRouter();
  if (container?.hasChildNodes()) void firstRouteLoaded(router).then(() => render(router));
  else render(router);
}

// In a task of its own: evaluating the entry's modules is one long task already.
setTimeout(start);
