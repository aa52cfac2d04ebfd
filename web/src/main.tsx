import '@mantine/core/styles.css';
import './app/app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/app.router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Resolves once the router has loaded the first route's code (its lazy page module). */
function firstRouteLoaded(): Promise<void> {
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
function render(): void {
  startTransition(() => {
    createRoot(container as HTMLElement).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

// sign-in.html paints a static picture of the sign-in screen: it stays until the page itself can
// render, instead of giving way to the loading screen first.
if (container.hasChildNodes()) void firstRouteLoaded().then(render);
else render();
