/**
 * The page of /api/docs: Redoc's standalone bundle renders the element `<redoc spec-url>` by itself,
 * so the page runs no inline script (its settings are the element's attributes).
 */
export const API_DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>MultiMFA API reference</title>
    <link rel="icon" href="data:,">
  </head>
  <body>
    <redoc spec-url="/api/openapi.json" expand-responses="200" required-props-first="true" hide-hostname="true"></redoc>
    <script src="/api/docs/redoc.standalone.js"></script>
  </body>
</html>
`;

/**
 * What the page may load, and nothing more: its script and the document from this origin; the
 * styles Redoc (styled-components) writes into the page at run time; its search index's worker,
 * which it starts from a blob: URL; and its icons, data: URLs.
 */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
