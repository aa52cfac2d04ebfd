import express, { type Router } from 'express';
import { html } from '../shared/html.js';
import { renderPage, sameOriginForms, sendPage } from '../shared/page.js';
import type { PaymentIntentsService } from './payment-intents.service.js';
import type { PaymentIntent } from './stripe.types.js';
import { DASHBOARD_CONTEXT } from './stripe-context.js';

const ZERO_DECIMAL = new Set(['jpy', 'krw', 'vnd', 'clp', 'xof', 'xaf']);

export function formatAmount(amount: number, currency: string): string {
  const major = ZERO_DECIMAL.has(currency) ? amount : amount / 100;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    major,
  );
}

function originOf(url: string | null | undefined): string[] {
  return url && URL.canParse(url) ? [new URL(url).origin] : [];
}

function invalidLink(): string {
  return renderPage({
    title: 'Authentication link expired',
    body: html`<section class="card narrow">
      <h1>This authentication link is no longer valid</h1>
      <p>The payment was already approved, refused or changed. Return to the shop and try again.</p>
    </section>`,
  });
}

/**
 * The page a 3-D Secure card's `next_action.redirect_to_url.url` points at: the cardholder approves or
 * refuses, and the browser returns to the `return_url` with `payment_intent`,
 * `payment_intent_client_secret` and `redirect_status`, as after Stripe's own challenge page.
 */
export function threeDSecureRouter(paymentIntents: PaymentIntentsService): Router {
  const router = express.Router();

  router.get('/stripe/3ds/:id', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const challenge = paymentIntents.challenge(req.params.id, token);
    if (!challenge) {
      sendPage(res, 404, invalidLink());
      return;
    }
    const { intent, last4, brand } = challenge;
    const returnUrl = intent.next_action?.redirect_to_url.return_url;
    const body = html`<section class="card narrow" aria-labelledby="challenge-title">
      <span class="badge info">Test mode · 3-D Secure</span>
      <h1 id="challenge-title">Confirm your payment</h1>
      <p>Your bank asks you to approve this payment.</p>
      <p class="amount">${formatAmount(intent.amount, intent.currency)}</p>
      <dl class="facts">
        <dt>Merchant</dt><dd>MultiMFA</dd>
        <dt>Card</dt><dd>${brand} ending in ${last4}</dd>
        ${intent.description ? html`<dt>Description</dt><dd>${intent.description}</dd>` : null}
        <dt>Payment</dt><dd>${intent.id}</dd>
      </dl>
      <form method="post" action="/stripe/3ds/${encodeURIComponent(intent.id)}">
        <input type="hidden" name="token" value="${token}">
        <div class="actions">
          <button class="button" type="submit" name="decision" value="approve">Complete authentication</button>
          <button class="button danger" type="submit" name="decision" value="refuse">Fail authentication</button>
        </div>
      </form>
    </section>`;
    sendPage(res, 200, renderPage({ title: 'Confirm your payment', body }), originOf(returnUrl));
  });

  router.post(
    '/stripe/3ds/:id',
    sameOriginForms,
    express.urlencoded({ extended: false, limit: '4kb' }),
    (req, res) => {
      const token = typeof req.body?.token === 'string' ? req.body.token : '';
      const approved = req.body?.decision === 'approve';
      const outcome = paymentIntents.completeAuthentication(
        String(req.params.id),
        token,
        approved,
        DASHBOARD_CONTEXT,
      );
      if (!outcome) {
        sendPage(res, 404, invalidLink());
        return;
      }
      if (outcome.redirectTo) {
        res.redirect(303, outcome.redirectTo);
        return;
      }
      sendPage(res, 200, renderPage({ title: 'Authentication finished', body: resultBody(outcome.intent) }));
    },
  );

  return router;
}

function resultBody(intent: PaymentIntent) {
  const succeeded = intent.status === 'succeeded';
  return html`<section class="card narrow">
    <span class="badge ${succeeded ? 'ok' : 'bad'}">${succeeded ? 'Approved' : 'Refused'}</span>
    <h1>${succeeded ? 'Payment approved' : 'Payment refused'}</h1>
    <p>${intent.id} is now <strong>${intent.status}</strong>. There is no return URL; you can close this window.</p>
  </section>`;
}
