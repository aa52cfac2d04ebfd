import { html } from '../shared/html.js';
import { renderPage } from '../shared/page.js';
import type { GoogleIdentity } from './google-identity.js';

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** Google's account chooser, sandbox edition: pick a demo account or type any e-mail and name. */
export function signInPage(options: {
  requestId: string;
  clientId: string;
  redirectHost: string;
  identities: readonly GoogleIdentity[];
  loginHint?: string;
}): string {
  const { requestId, identities } = options;
  const body = html`<section class="card narrow" aria-labelledby="choose-title">
    <span class="badge info">Google sign-in · sandbox</span>
    <h1 id="choose-title">Choose an account</h1>
    <p class="hint">to continue to <strong>${options.redirectHost}</strong> (client ${options.clientId})</p>
    <form method="post" action="/o/oauth2/v2/auth/decision">
      <input type="hidden" name="request" value="${requestId}">
      <ul class="identity-list">
        ${identities.map(
          (identity, index) => html`<li>
            <button class="identity" type="submit" name="identity" value="${index}">
              <span class="avatar" aria-hidden="true">${initials(identity.name)}</span>
              <span>
                <strong>${identity.name}</strong><br>
                <span class="identity-email">${identity.email}${identity.emailVerified ? '' : ' · e-mail not verified'}</span>
              </span>
            </button>
          </li>`,
        )}
      </ul>
    </form>
    <form method="post" action="/o/oauth2/v2/auth/decision" aria-labelledby="other-title">
      <input type="hidden" name="request" value="${requestId}">
      <h2 id="other-title">Use another account</h2>
      <div class="field">
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" required autocomplete="email" value="${options.loginHint ?? ''}">
      </div>
      <div class="field">
        <label for="name">Full name</label>
        <input id="name" name="name" type="text" required autocomplete="name">
      </div>
      <label class="checkbox"><input type="checkbox" name="email_verified" value="true" checked> E-mail address is verified</label>
      <div class="actions">
        <button class="button" type="submit" name="custom" value="1">Continue</button>
        <button class="button secondary" type="submit" name="cancel" value="1" formnovalidate>Cancel</button>
      </div>
    </form>
  </section>`;
  return renderPage({ title: 'Sign in - Google Accounts (sandbox)', body });
}

/** Google's error page for a request it will not send back to the app (bad client or redirect URI). */
export function signInErrorPage(error: string, description: string): string {
  const body = html`<section class="card narrow" role="alert">
    <span class="badge bad">Access blocked</span>
    <h1>Error 400: ${error}</h1>
    <p>${description}</p>
  </section>`;
  return renderPage({ title: 'Error - Google Accounts (sandbox)', body });
}
