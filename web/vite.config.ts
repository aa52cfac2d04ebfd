import { readFileSync } from 'node:fs';
import { defineConfig, type ProxyOptions } from 'vite';

/** Where `/api` goes, in development (`vite`) and when the built app is served (`vite preview`). */
const gatewayUrl = process.env.GATEWAY_URL ?? 'http://127.0.0.1:24100';
const port = Number(process.env.WEB_PORT ?? 24080);
/** The provider sandbox, behind the same-origin `/provider-sandbox` path a sandbox build pays through. */
const paymentSandboxUrl = process.env.PAYMENT_SANDBOX_URL ?? 'http://127.0.0.1:24090';

const apiProxy: Record<string, ProxyOptions> = {
  '/api': {
    target: gatewayUrl,
    // The gateway sees the browser's Host, so cookies and absolute redirects stay on the web origin.
    changeOrigin: false,
    // Keep the call failing fast when no gateway runs, instead of hanging the page.
    timeout: 30_000,
    proxyTimeout: 30_000,
  },
  // The card form of a sandbox build (VITE_PAYMENT_SANDBOX_URL=/provider-sandbox) calls the sandbox's
  // Stripe API on this origin, as the Content-Security-Policy's connect-src 'self' allows.
  '/provider-sandbox': {
    target: paymentSandboxUrl,
    changeOrigin: true,
    rewrite: (path) => path.replace(/^\/provider-sandbox/, ''),
    timeout: 30_000,
    proxyTimeout: 30_000,
  },
};

/**
 * The security headers nginx adds in production (nginx/security-headers.conf, the one list), sent by
 * `vite preview` too, so the app `npm start` serves runs under the same CSP and frame rules.
 */
const securityHeaders = Object.fromEntries(
  [
    ...readFileSync(new URL('nginx/security-headers.conf', import.meta.url), 'utf8').matchAll(
      /^add_header ([\w-]+) "([^"]*)" always;$/gm,
    ),
  ].map(([, name, value]) => [name as string, value as string]),
);

export default defineConfig({
  // Vite 8 transforms TS/TSX with oxc; React 17+ automatic runtime, no plugin needed.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  server: { host: '127.0.0.1', port, strictPort: true, proxy: apiProxy },
  preview: { host: '127.0.0.1', port, strictPort: true, proxy: apiProxy, headers: securityHeaders },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: which chunks each route loads, read by the bundle budget test (e2e/budgets).
    manifest: true,
    // No source maps are published: the bundle does not point at the sources.
    sourcemap: false,
    target: 'es2023',
    rolldownOptions: {
      onwarn(warning, defaultHandler) {
        // Mantine marks its modules "use client" for React Server Components; meaningless in an SPA.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        defaultHandler(warning);
      },
      output: {
        // React and the router change less often than the app and every page needs them: their chunks
        // stay cached across deployments. Other libraries go with the routes that use them, so a page
        // loads only the components it renders.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 30 },
          ],
        },
      },
    },
  },
});
