import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin, type ProxyOptions, type UserConfig } from 'vite';
import { SIGN_IN_PATHS, securityHeaders } from './nginx/nginx-rules';

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
    // X-Forwarded-For gets the browser's address appended, as nginx's $proxy_add_x_forwarded_for does:
    // the gateway (TRUST_PROXY_HOPS=1) takes that last entry, so each client has its own rate limits.
    xfwd: true,
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

/** The route module of / and /login. */
const SIGN_IN_PAGE_MODULE = '/src/pages/public/sign-in.page.tsx';
/** What renders the sign-in screen in Node (at build time). */
const SIGN_IN_PRERENDER_MODULE = 'src/app/sign-in.prerender.tsx';

/** Mantine marks its modules "use client" for React Server Components; meaningless in an SPA. */
const withoutUseClientWarnings: NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>['onwarn'] = (
  warning,
  defaultHandler,
) => {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  defaultHandler(warning);
};

/**
 * The sign-in screen as HTML (src/app/sign-in.prerender.tsx): the app's own components rendered in
 * Node for a signed-out visitor, by a server build of that module made beside the browser build.
 */
async function prerenderSignInScreen(): Promise<string> {
  const outDir = fileURLToPath(new URL('node_modules/.prerender', import.meta.url));
  await build({
    configFile: false,
    root: fileURLToPath(new URL('.', import.meta.url)),
    logLevel: 'warn',
    oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
    build: {
      ssr: SIGN_IN_PRERENDER_MODULE,
      outDir,
      emptyOutDir: true,
      target: 'node24',
      rolldownOptions: {
        onwarn: withoutUseClientWarnings,
        output: { entryFileNames: 'sign-in.prerender.js' },
      },
    },
  });
  const { prerenderPage } = (await import(pathToFileURL(`${outDir}/sign-in.prerender.js`).href)) as {
    prerenderPage: (path: string) => Promise<string>;
  };
  const [landing, login] = await Promise.all([...SIGN_IN_PATHS].map((path) => prerenderPage(path)));
  // One page serves both paths: it must be what the app renders at each.
  if (landing !== login)
    throw new Error('the app renders / and /login differently: sign-in.html cannot serve both');
  return login as string;
}

/** How many scripts the start script preloads at a time. */
const PRELOAD_BATCH = 6;

/**
 * sign-in.html's one script, given the screen's scripts in order (each after what it imports). Once the
 * prerendered screen has painted, it preloads them (<link rel="modulepreload">: fetched and compiled off
 * the main thread), a batch at a time, then imports them one per task, in order: each chunk is
 * evaluated in a short task of its own, and none waits on its compilation.
 * Measured on a 2-core host in alternated Lighthouse runs of /login (2026-12-01, 8 each):
 * - imported all at once without preloading, as before, the libraries were evaluated in one task of 40
 *   to 120 ms, most of it waiting for their compilation: total blocking time, median 529 ms (381 to
 *   687); preloaded all at once, then imported one per task: 277 ms (222 to 346), the longest task
 *   after the first paint 72 ms then 30 ms;
 * - with the links added six per task without waiting, the main thread's short tasks (each compiled
 *   module's hand-over) lasted up to ten times their CPU time, beside thirty compilations on the two
 *   cores; a batch at a time, each once the last has loaded: median 225 ms (132 to 497) against 328 ms
 *   (73 to 529).
 */
function signInStartScript(scripts: string[]): string {
  return `const scripts = ${JSON.stringify(scripts)};
const evaluate = (index) => {
  // A script that fails to load is reported (an unhandled rejection) and the next one still runs.
  if (index < scripts.length) import(scripts[index]).finally(() => setTimeout(() => evaluate(index + 1)));
};
const preload = (from) => {
  const batch = scripts.slice(from, from + ${PRELOAD_BATCH});
  let pending = batch.length;
  const loaded = () => {
    if (--pending > 0) return;
    const next = from + batch.length;
    setTimeout(() => (next < scripts.length ? preload(next) : evaluate(0)));
  };
  for (const href of batch) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.onload = link.onerror = loaded;
    document.head.append(link);
  }
};
// A browser without modulepreload (Safari before 17) would never fire the links' load events: it
// evaluates the scripts straight away.
const begin = () => (document.createElement('link').relList.supports('modulepreload') ? preload(0) : evaluate(0));
// A hidden tab paints no frame: its app starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(begin));
else begin();
`;
}

/**
 * sign-in.html: the built index.html with the sign-in screen prerendered in its #root (marked
 * data-prerendered, which main.tsx hydrates), and the app's code started once that page has painted (a
 * small start script, signInStartScript, instead of the entry's script and preload tags).
 * `vite preview` answers / and /login with it, every other route with index.html; nginx.conf does the
 * same.
 */
const signInEntryPage: Plugin = {
  name: 'multimfa-sign-in-entry-page',
  // Not in the server build of the prerendering module itself.
  apply: (_config, { isSsrBuild }) => !isSsrBuild,
  // After Vite's own HTML plugin has emitted index.html with the asset links.
  generateBundle: {
    order: 'post',
    async handler(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('the build has no index.html');
      const html = String(index.source);
      const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\n?/.exec(html);
      if (!entry?.[1] || !html.includes('<div id="root"></div>')) {
        throw new Error('index.html has no entry script or no empty #root');
      }
      const chunks = new Map(
        Object.values(bundle).flatMap((chunk) => (chunk.type === 'chunk' ? [[chunk.fileName, chunk]] : [])),
      );
      const signInPage = [...chunks.values()].find((chunk) =>
        chunk.facadeModuleId?.endsWith(SIGN_IN_PAGE_MODULE),
      );
      if (!signInPage) throw new Error(`the build has no chunk for ${SIGN_IN_PAGE_MODULE}`);
      // Every script the screen runs: the entry's and the sign-in page's, each after the chunks it
      // imports.
      const scripts = new Set<string>();
      const seen = new Set<string>();
      const visit = (fileName: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
        scripts.add(fileName);
      };
      visit(entry[1].slice(1));
      visit(signInPage.fileName);
      const start = signInStartScript([...scripts].map((fileName) => `/${fileName}`));
      const startFile = `assets/sign-in-start-${createHash('sha256').update(start).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName: startFile, source: start });
      const screen = await prerenderSignInScreen();
      const signIn = html
        .replace(entry[0], `<script type="module" src="/${startFile}"></script>\n`)
        .replace(/ *<link rel="modulepreload"[^>]*>\n?/g, '')
        .replace('<div id="root"></div>', `<div id="root" data-prerendered>${screen}</div>`);
      this.emitFile({ type: 'asset', fileName: 'sign-in.html', source: signIn });
    },
  },
  configurePreviewServer(server) {
    server.middlewares.use((request, _response, next) => {
      const [path = '', query] = (request.url ?? '').split('?', 2);
      if (SIGN_IN_PATHS.has(path)) request.url = `/sign-in.html${query === undefined ? '' : `?${query}`}`;
      next();
    });
  },
};

/** The theme's CSS variables as a style sheet: `import 'virtual:mantine-theme-variables.css'`. */
const THEME_VARIABLES_MODULE = 'virtual:mantine-theme-variables.css';

/**
 * The app theme's CSS variables, made at build time by Mantine's own MantineProvider (rendered in Node,
 * its variables <style> taken out) and served as a style sheet the entry imports. The app's provider
 * renders no variables (withCssVariables={false}): in the browser, MantineProvider resolved them on
 * every page load, the default theme's once more when its module loaded, 7 to 39 ms of the start-up's
 * longest tasks in loads of /login (2026-12-01; patches/README.md).
 */
const mantineThemeVariables: Plugin = {
  name: 'multimfa-mantine-theme-variables',
  resolveId: (id) => (id === THEME_VARIABLES_MODULE ? `\0${THEME_VARIABLES_MODULE}` : undefined),
  async load(id) {
    if (id !== `\0${THEME_VARIABLES_MODULE}`) return undefined;
    // Read once per process: under `vite` (dev), a change to the theme shows after a restart.
    const themeModule = new URL('src/app/app.theme.ts', import.meta.url);
    const [{ createElement }, { renderToStaticMarkup }, { MantineProvider }, { appTheme }] =
      await Promise.all([
        import('react'),
        import('react-dom/server'),
        import('@mantine/core'),
        // Node strips the types: the theme module is the one the app imports.
        import(themeModule.href) as Promise<typeof import('./src/app/app.theme')>,
      ]);
    const html = renderToStaticMarkup(
      createElement(MantineProvider, { theme: appTheme, withGlobalClasses: false, children: null }),
    );
    const variables = /<style data-mantine-styles="true"[^>]*>([^<]*)<\/style>/.exec(html)?.[1];
    if (!variables) throw new Error('MantineProvider rendered no CSS variables for the app theme');
    return variables;
  },
};

/**
 * React DOM's five sentinel errors (SuspenseException and its kin: thrown inside React and recognised
 * by identity) as stackless Error objects. React creates them when its module starts, inside the
 * 200 KB function the bundler wraps the CommonJS module in. In Chromium driven over DevTools (as
 * Lighthouse and Playwright drive it), creating an Error captures its stack with line numbers, and V8
 * re-parses the functions on the stack to find them: 85 to 163 ms per load of /login in traces of the
 * build without this transform, 1.5 to 1.8 ms with it; in alternated Lighthouse runs at 4x, module
 * evaluation blocked the page for 363 ms per load without it and 218 ms with it (2026-11-30).
 * `Object.create(Error.prototype)` gives an Error (instanceof, name, message) without capturing a
 * stack. The build stops if React's file no longer reads as expected.
 */
const reactSentinelErrors: Plugin = {
  name: 'multimfa-react-sentinel-errors',
  transform: {
    filter: { id: /react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/ },
    handler(code) {
      const sentinel =
        /\b(HydrationMismatchException|SuspenseException|SuspenseyCommitException|SuspenseActionException|SelectiveHydrationException) = Error\((formatProdErrorMessage\(\d+\))\)/g;
      const found = code.match(sentinel)?.length ?? 0;
      if (found !== 5)
        throw new Error(`react-dom-client.production.js: ${found} sentinel errors found, 5 expected`);
      return code.replace(
        sentinel,
        (_match, name: string, message: string) =>
          `${name} = Object.assign(Object.create(Error.prototype), { message: ${message} })`,
      );
    },
  },
};

/** The files nginx compresses (nginx.conf: gzip_types, gzip_min_length). */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const GZIP_MIN_LENGTH = 1024;

/**
 * Each compressible file of the build with its gzip beside it (`<name>.gz`, level 9), which nginx
 * (gzip_static) and the lighthouse tier's server (lighthouse/serve-build.mjs) send as they are: no
 * server compresses the app's files again on every request. Written with node:zlib:
 * vite-plugin-compression2 adds tarballs and file filters this does not need, for what is a loop over
 * the written files.
 */
const precompressedFiles: Plugin = {
  name: 'multimfa-precompressed-files',
  apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
  // Once the files are on disk, sign-in.html included: the gzip is of the bytes served.
  writeBundle: {
    order: 'post',
    handler(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName) || fileName.startsWith('.vite/')) continue;
        const source = readFileSync(join(outDir, fileName));
        if (source.length < GZIP_MIN_LENGTH) continue;
        writeFileSync(join(outDir, `${fileName}.gz`), gzipSync(source, { level: 9 }));
      }
    },
  },
};

export default defineConfig({
  plugins: [reactSentinelErrors, mantineThemeVariables, signInEntryPage, precompressedFiles],
  // Vite 8 transforms TS/TSX with oxc; React 17+ automatic runtime, no plugin needed.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  server: { host: '127.0.0.1', port, strictPort: true, proxy: apiProxy },
  // The security headers nginx adds, sent by `vite preview` too: the app `npm start` serves runs under
  // the same CSP and frame rules.
  preview: { host: '127.0.0.1', port, strictPort: true, proxy: apiProxy, headers: securityHeaders },
  build: {
    outDir: 'dist',
    modulePreload: {
      // The router's import of the sign-in page adds no <link rel="modulepreload"> for the page's
      // scripts: on sign-in.html the start script has preloaded them (a batch at a time), and adding
      // thirty links at once took a quarter of the entry's start-up task. Style sheets still load.
      resolveDependencies: (filename, deps) =>
        /(^|\/)sign-in\.page-[\w-]+\.js$/.test(filename) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    // dist/.vite/manifest.json: which chunks each route loads, read by the bundle budget test (e2e/budgets).
    manifest: true,
    // No source maps are published: the bundle does not point at the sources.
    sourcemap: false,
    target: 'es2023',
    rolldownOptions: {
      onwarn: withoutUseClientWarnings,
      output: {
        // React and the router change less often than the app and every page needs them: their chunks
        // stay cached across deployments. Other libraries go with the routes that use them, so a page
        // loads only the components it renders.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 30 },
            // One chunk per file of the API contract: a page builds only the schemas of the endpoints it
            // calls (building them all took tens of milliseconds on the landing page's main thread).
            {
              name: (id) =>
                /api-contract[\\/]dist[\\/]([\w-]+)(?:\.[\w-]+)?\.js$/
                  .exec(id)?.[1]
                  ?.replace(/^/, 'contract-') ?? null,
              debugName: 'api-contract',
              includeDependenciesRecursively: false,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
