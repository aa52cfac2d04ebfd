import type { RequestHandler, Response } from 'express';
import { html, type SafeHtml } from './html.js';

export const STYLESHEET_PATH = '/assets/sandbox.css';

export interface PageOptions {
  title: string;
  body: SafeHtml;
  /** Same-origin script paths. */
  scripts?: string[];
}

/** A full HTML document in the sandbox's look: header, main content, the shared stylesheet. */
export function renderPage({ title, body, scripts = [] }: PageOptions): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
${scripts.map((src) => html`<script src="${src}" defer></script>`)}
</head>
<body>
<header class="topbar">
  <a class="brand" href="/inbox"><span class="brand-mark" aria-hidden="true">◆</span> MultiMFA provider sandbox</a>
  <span class="topbar-note">Stripe · Twilio · SendGrid · Google, offline</span>
</header>
<main class="content">
${body}
</main>
</body>
</html>`.value;
}

/**
 * Sends a page with a strict policy: only same-origin scripts, no framing. `formTargets` lists the
 * origins a form on the page may lead to (the 3-D Secure and Google pages redirect back to the app).
 */
export function sendPage(res: Response, status: number, document: string, formTargets: string[] = []): void {
  res.status(status);
  res.setHeader(
    'Content-Security-Policy',
    [
      "default-src 'none'",
      "script-src 'self'",
      // E-mails render in sandboxed srcdoc frames that inherit this policy: their inline styles and
      // remote images must work, their scripts must not.
      "style-src 'self' 'unsafe-inline'",
      'img-src * data:',
      'font-src * data:',
      "connect-src 'self'",
      "frame-src 'self'",
      `form-action 'self'${formTargets.map((origin) => ` ${origin}`).join('')}`,
      "frame-ancestors 'none'",
    ].join('; '),
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
  res.type('html').send(document);
}

/** Sends `body` (JavaScript or CSS) as a static asset. */
export function asset(type: 'css' | 'js', body: string): RequestHandler {
  return (_req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-cache');
    res.type(type === 'css' ? 'text/css' : 'text/javascript').send(body);
  };
}

/**
 * Refuses form posts that a browser sent from another site: the sandbox's forms act on MultiMFA's
 * behalf (a signed inbound SMS), so another page must not be able to submit them.
 */
export const sameOriginForms: RequestHandler = (req, res, next) => {
  const site = req.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') {
    res.status(403).type('text').send('Cross-site form submissions are refused.');
    return;
  }
  next();
};
