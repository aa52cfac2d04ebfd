// The built app (web/dist) served as web/nginx/nginx.conf serves it, for the lighthouse tier: the
// sign-in screen (sign-in.html) at / and /login, index.html for any other path without a file, the
// security headers of nginx/security-headers.conf on every answer, hashed assets cached for a year and
// the rest revalidated, and each file's gzip from the build (`<name>.gz`, gzip_static) to a browser
// that accepts it.
// Not `vite preview`: on the 2-core host the tier shares with the browser, Vite's server used about
// 100 ms of CPU per Lighthouse load of /login against 57 ms for this one (the same build, 3 loads
// each). In 8 alternated Lighthouse runs each (2026-12-01), /login blocked a median of 493 ms (306 to
// 1,043) behind Vite's server, already sending the same precompressed files, and 245 ms (89 to 715)
// behind this one; 0 and 4 of the 8 runs scored 95. Lighthouse multiplies that contention by its CPU
// slowdown as if the page caused it; nginx costs the page nothing of the kind.
//   WEB_PORT=24080 node web/lighthouse/serve-build.mjs
import { createServer } from 'node:http';
import sirv from 'sirv';
import { SIGN_IN_PATHS, securityHeaders } from '../nginx/nginx-rules.ts';

const port = Number(process.env.WEB_PORT ?? 24080);
const dist = new URL('../dist/', import.meta.url).pathname;

const files = sirv(dist, {
  gzip: true,
  etag: true,
  extensions: [],
  setHeaders: (response, pathname) => {
    for (const [name, value] of Object.entries(securityHeaders)) response.setHeader(name, value);
    response.setHeader(
      'Cache-Control',
      pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  },
});

createServer((request, response) => {
  const [path = '', query] = (request.url ?? '').split('?', 2);
  if (SIGN_IN_PATHS.has(path)) request.url = `/sign-in.html${query === undefined ? '' : `?${query}`}`;
  files(request, response, () => {
    // nginx.conf: a missing hashed asset is a 404; any other path is a route of the app.
    if (path.startsWith('/assets/')) {
      response.statusCode = 404;
      response.end();
      return;
    }
    request.url = '/index.html';
    files(request, response, () => {
      response.statusCode = 500;
      response.end('web/dist has no index.html: build the app first');
    });
  });
}).listen(port, '127.0.0.1', () => process.stdout.write(`serving ${dist} on http://127.0.0.1:${port}\n`));
