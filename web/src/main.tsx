import '@mantine/core/styles.css';
import './app/app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { setUnauthorizedHandler } from './api/unauthorized';
import { App } from './app/app';
import { type AppRouter, createAppRouter } from './app/app.router';
import { expireSession } from './session/expire-session';

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

/** The app, rendered in a transition: React renders the first page in slices, between which the browser stays responsive. */
function render(router: AppRouter): void {
  startTransition(() => {
    createRoot(container as HTMLElement).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}

/**
 * Starts the router (which matches the URL and loads the page's code), then renders. sign-in.html
 * paints a static picture of the sign-in screen: it stays until the page itself can render, instead
 * of giving way to the loading screen first.
 */
function start(): void {
  const router = createAppRouter();
  if (container?.hasChildNodes()) void firstRouteLoaded(router).then(() => render(router));
  else render(router);
}

// In a task of its own: evaluating the entry's modules is one long task already.
setTimeout(start);
