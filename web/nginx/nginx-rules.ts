// What nginx.conf does that the Node servers standing in for nginx do alike: `vite preview`
// (vite.config.ts) and the lighthouse tier's lighthouse/serve-build.mjs (which imports this file
// through Node's type stripping).
import { readFileSync } from 'node:fs';

/** The paths whose entry page is sign-in.html (the sign-in screen's static picture); as nginx.conf. */
export const SIGN_IN_PATHS = new Set(['/', '/login']);

/** The security headers nginx adds to the app's files (security-headers.conf, the one list). */
export const securityHeaders: Record<string, string> = Object.fromEntries(
  [
    ...readFileSync(new URL('security-headers.conf', import.meta.url), 'utf8').matchAll(
      /^add_header ([\w-]+) "([^"]*)" always;$/gm,
    ),
  ].map(([, name, value]) => [name as string, value as string]),
);
