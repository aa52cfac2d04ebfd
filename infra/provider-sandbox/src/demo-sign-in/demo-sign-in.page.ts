import { html } from '../shared/html.js';
import { renderPage } from '../shared/page.js';

/** The demo shop's two steps: the phone number to text a code to, then the code. */
export function phonePage(options: { phone?: string; error?: string } = {}): string {
  const body = html`<section class="card narrow" aria-labelledby="demo-title">
    <span class="badge info">Demo shop · sandbox</span>
    <h1 id="demo-title">Sign in to Demo Shop</h1>
    <p class="hint">We text a sign-in code to your phone. Use a RoboMFA's number to let a bot read it.</p>
    ${options.error ? html`<p class="notice bad" role="alert">${options.error}</p>` : ''}
    <form method="post" action="/demo/sign-in">
      <div class="field">
        <label for="phone">Phone number</label>
        <input id="phone" name="phone" type="tel" required autocomplete="tel" placeholder="+12025550143" value="${options.phone ?? ''}">
      </div>
      <div class="actions"><button class="button" type="submit">Send code</button></div>
    </form>
  </section>`;
  return renderPage({ title: 'Sign in - Demo Shop (sandbox)', body });
}

export function codePage(options: { challenge: string; phone: string; error?: string }): string {
  const body = html`<section class="card narrow" aria-labelledby="code-title">
    <span class="badge info">Demo shop · sandbox</span>
    <h1 id="code-title">Enter the code</h1>
    <p class="hint">We texted a 6-digit code to <strong>${options.phone}</strong>.</p>
    ${options.error ? html`<p class="notice bad" role="alert">${options.error}</p>` : ''}
    <form method="post" action="/demo/sign-in/code">
      <input type="hidden" name="challenge" value="${options.challenge}">
      <div class="field">
        <label for="code">Code</label>
        <input id="code" name="code" type="text" inputmode="numeric" required autocomplete="one-time-code" pattern="[0-9]{6}">
      </div>
      <div class="actions"><button class="button" type="submit">Sign in</button></div>
    </form>
  </section>`;
  return renderPage({ title: 'Enter the code - Demo Shop (sandbox)', body });
}

export function signedInPage(phone: string): string {
  const body = html`<section class="card narrow" aria-labelledby="done-title">
    <span class="badge info">Demo shop · sandbox</span>
    <h1 id="done-title">Signed in</h1>
    <p>Welcome back, <strong>${phone}</strong>.</p>
  </section>`;
  return renderPage({ title: 'Signed in - Demo Shop (sandbox)', body });
}
