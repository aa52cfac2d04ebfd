// The web app's local card form (web/src/features/payment, VITE_PAYMENT_PROVIDER=sandbox) in Chromium
// against the provider sandbox: a page on another origin, as the web app is, creates the card and
// confirms the PaymentIntent with its client secret, then lands on /success the way Stripe redirects.
// The form's two modules are served as the browser runs them once Vite strips their types.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire, stripTypeScriptTypes } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import Stripe from 'stripe';
import { useBrowser } from '../../../testing/e2e-support/browser.ts';
import { createSandbox, loadSandboxSettings, type Sandbox, type SandboxConfig } from '../dist/sandbox.js';

const PAYMENT_DIR = new URL('../../../web/src/features/payment/', import.meta.url);

/** A web file as the browser gets it: types stripped, extensionless relative imports given `.js`. */
function browserModule(name: string): string {
  const source = readFileSync(new URL(`${name}.ts`, PAYMENT_DIR), 'utf8');
  return stripTypeScriptTypes(source, { mode: 'transform' }).replace(/from '(\.\/[\w-]+)'/g, "from '$1.js'");
}

const PAY_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pay</title></head>
<body>
  <div id="fields"></div>
  <button id="pay" disabled>Pay $15.00</button>
  <p id="error" role="alert"></p>
  <script type="importmap">{ "imports": { "cleave-zen": "/cleave-zen.js" } }</script>
  <script type="module" src="/pay.js"></script>
</body></html>`;

const PAY_SCRIPT = (apiBase: string, publishableKey: string) => `
import { SandboxPaymentForm } from './sandbox-payment-form.js';
const clientSecret = new URLSearchParams(location.search).get('secret');
const form = new SandboxPaymentForm(${JSON.stringify({ apiBase, publishableKey })});
await form.mount(document.getElementById('fields'));
const pay = document.getElementById('pay');
pay.disabled = false;
pay.addEventListener('click', async () => {
  pay.disabled = true;
  const outcome = await form.confirm(clientSecret, location.origin + '/success');
  if (outcome.status === 'failed') {
    document.getElementById('error').textContent = outcome.message;
    pay.disabled = false;
  }
});
`;

describe('the local card form (payment provider "sandbox") in the browser', () => {
  const browser = useBrowser();
  let sandbox: Sandbox;
  let config: SandboxConfig;
  let stripe: Stripe;
  let app: Server;
  let appUrl: string;

  beforeAll(async () => {
    config = loadSandboxSettings({ LOG_LEVEL: 'silent' }).config;
    sandbox = createSandbox(config);
    const sandboxUrl = await sandbox.listen(0, '127.0.0.1');
    stripe = new Stripe(config.stripe.secretKey, {
      host: '127.0.0.1',
      port: new URL(sandboxUrl).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const files: Record<string, [string, string]> = {
      '/pay.html': ['text/html', PAY_PAGE],
      '/pay.js': ['text/javascript', PAY_SCRIPT(sandboxUrl, config.stripe.publishableKey)],
      '/sandbox-payment-form.js': ['text/javascript', browserModule('sandbox-payment-form')],
      '/sandbox-stripe-api.js': ['text/javascript', browserModule('sandbox-stripe-api')],
      '/card-input-format.js': ['text/javascript', browserModule('card-input-format')],
      // The card form's formatter, as the web build bundles it: the package's ES module build.
      '/cleave-zen.js': [
        'text/javascript',
        readFileSync(
          createRequire(import.meta.url)
            .resolve('cleave-zen')
            .replace(/cleave-zen\.js$/, 'cleave-zen.module.js'),
          'utf8',
        ),
      ],
      '/success': [
        'text/html',
        '<!doctype html><title>Success</title><h1>Payment Completed Successfully</h1>',
      ],
    };
    app = createServer((req, res) => {
      const file = files[new URL(req.url ?? '/', 'http://app').pathname];
      res.writeHead(file ? 200 : 404, { 'Content-Type': file?.[0] ?? 'text/plain' });
      res.end(file?.[1] ?? 'not found');
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await sandbox.close();
    await new Promise((resolve) => app.close(resolve));
  });

  async function payPage(card: string) {
    const customer = await stripe.customers.create({ email: 'buyer@example.com' });
    const intent = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'usd',
      customer: customer.id,
      automatic_payment_methods: { enabled: true },
    });
    const page = await browser.newPage();
    await page.goto(`${appUrl}/pay.html?secret=${encodeURIComponent(intent.client_secret ?? '')}`);
    await page.getByRole('button', { name: 'Pay $15.00' }).and(page.locator(':enabled')).waitFor();
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiry (MM / YY)').fill(`12 / ${(new Date().getUTCFullYear() + 2) % 100}`);
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByLabel('ZIP / postal code').fill('94107');
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    return { page, intent };
  }

  it('pays with 4242 4242 4242 4242 and lands on /success with Stripe’s query', async () => {
    const { page, intent } = await payPage('4242 4242 4242 4242');
    await page.waitForURL(`${appUrl}/success?**`);
    const back = new URL(page.url());
    assert.equal(back.searchParams.get('payment_intent'), intent.id);
    assert.equal(back.searchParams.get('payment_intent_client_secret'), intent.client_secret);
    assert.equal(back.searchParams.get('redirect_status'), 'succeeded');
    const paid = await stripe.paymentIntents.retrieve(intent.id, { expand: ['payment_method'] });
    assert.equal(paid.status, 'succeeded');
    const card = paid.payment_method as Stripe.PaymentMethod;
    assert.equal(card.billing_details.name, 'Ada Lovelace');
    assert.equal(card.billing_details.address?.postal_code, '94107');
  });

  it('goes through the sandbox 3-D Secure page for 4000 0025 0000 3155, then to /success', async () => {
    const { page, intent } = await payPage('4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL(`${appUrl}/success?**`);
    assert.equal(new URL(page.url()).searchParams.get('redirect_status'), 'succeeded');
    assert.equal((await stripe.paymentIntents.retrieve(intent.id)).status, 'succeeded');
  });

  it('shows the decline under the form for 4000 0000 0000 0002 and stays on the page', async () => {
    const { page, intent } = await payPage('4000 0000 0000 0002');
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    assert.equal(new URL(page.url()).pathname, '/pay.html');
    assert.equal((await stripe.paymentIntents.retrieve(intent.id)).status, 'requires_payment_method');
  });
});
