import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from './app.routes';
import { AppProviders } from './app-providers';

/**
 * The HTML the app renders at `path` for a signed-out visitor with nothing in the address but the
 * path: the same tree as main.tsx's (Strict Mode, the providers, the router over the app's routes),
 * rendered in Node at build time (vite.config.ts puts it in sign-in.html's #root). The browser paints
 * it before any script runs, and main.tsx hydrates it: React attaches to these elements instead of
 * building the page again. `prerender` waits for every lazy part (the route's page, the menus).
 */
export async function prerenderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response)
    throw new Error(`prerendering ${path}: the router answered ${context.status}`);
  if (context.errors) throw new Error(`prerendering ${path}: ${JSON.stringify(context.errors)}`);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProviders>
    </StrictMode>,
    // Every Suspense boundary inline, as it renders: no boundary is streamed in later by an inline
    // script (the Content-Security-Policy allows none, and nothing here is slow).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
