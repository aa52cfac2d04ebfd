// The provider sandbox's pages in Chromium: the inbox (text a number, live updates), the 3-D Secure
// challenge and the Google account chooser. The sandbox runs in this process (compiled code from
// ../dist), with a tiny HTTP receiver standing in for MultiMFA's webhooks and return URLs.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import Stripe from 'stripe';
import twilio from 'twilio';
import { useBrowser } from '../../../testing/e2e-support/browser.ts';
import { SandboxTwilioHttpClient } from '../dist/client/twilio-http-client.js';
import { createSandbox, loadSandboxSettings, type Sandbox, type SandboxConfig } from '../dist/sandbox.js';
import { WebhookReceiver } from '../dist/testing/webhook-receiver.js';

const INBOUND_PATH = '/api/webhooks/twilio/inbound';
const OWNED = '+14155550123';

describe('provider sandbox pages in the browser', () => {
  const browser = useBrowser();
  let receiver: WebhookReceiver;
  let sandbox: Sandbox;
  let config: SandboxConfig;
  let url: string;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    config = loadSandboxSettings({
      LOG_LEVEL: 'silent',
      SANDBOX_CALLBACK_DELAY_MS: '150',
      TWILIO_INBOUND_WEBHOOK_URL: receiver.at(INBOUND_PATH),
    }).config;
    sandbox = createSandbox(config);
    url = await sandbox.listen(0, '127.0.0.1');
  });

  afterAll(async () => {
    await sandbox.close();
    await receiver.stop();
  });

  it('texts a MultiMFA number from the inbox: the webhook gets the signed SMS and the page shows it', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/inbox`);
    assert.equal(await page.title(), 'Inbox - MultiMFA provider sandbox');
    await page.getByRole('heading', { name: 'Text a MultiMFA number' }).waitFor();

    await page.getByLabel('From', { exact: true }).fill('+447700900555');
    await page.getByLabel('To', { exact: true }).fill(OWNED);
    await page.getByLabel('Message', { exact: true }).fill('Your Acme login code is 731904');
    await page.getByRole('button', { name: 'Send text' }).click();

    const [request] = await receiver.waitFor((r) => r.path === INBOUND_PATH);
    assert.ok(request);
    const fields = Object.fromEntries(new URLSearchParams(request.body));
    assert.equal(fields.From, '+447700900555');
    assert.equal(fields.To, OWNED);
    assert.equal(fields.Body, 'Your Acme login code is 731904');
    const signature = String(request.headers['x-twilio-signature']);
    assert.equal(
      twilio.validateRequest(config.twilio.authToken, signature, receiver.at(INBOUND_PATH), fields),
      true,
    );
    assert.equal(
      twilio.validateRequest(config.twilio.authToken, signature, receiver.at(INBOUND_PATH), {
        ...fields,
        Body: 'x',
      }),
      false,
    );

    const entry = page.locator('.entry.inbound', { hasText: 'Your Acme login code is 731904' });
    await entry.waitFor();
    assert.match((await entry.textContent()) ?? '', /SMS received/);
    await entry.getByText(`POST ${receiver.at(INBOUND_PATH)} answered 200`).waitFor();
    assert.equal(new URL(page.url()).hash.startsWith('#entry-sms_'), true);
  });

  it('shows what MultiMFA sends as it happens, escaped, with clickable links in e-mails', async () => {
    const page = await browser.newPage();
    let dialogs = 0;
    page.on('dialog', async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    await page.goto(`${url}/inbox`);
    await page.locator('#live[data-state="open"]').waitFor();

    const client = twilio(config.twilio.accountSid, config.twilio.authToken, {
      httpClient: new SandboxTwilioHttpClient(url),
    });
    const body = `Code 112233 <img src=x onerror="alert('x')">`;
    await client.messages.create({ to: '+15550107777', from: OWNED, body });
    const sms = page.locator('.entry.outbound', { hasText: '+15550107777' });
    await sms.getByText(body).waitFor();
    await sms.locator('[data-part="status"]', { hasText: 'delivered' }).waitFor();

    const invitation = receiver.at('/activation/abc');
    const sent = await fetch(`${url}/v3/mail/send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${config.sendgrid.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        personalizations: [{ to: [{ email: 'member@example.com' }] }],
        from: { email: 'noreply@multimfa.example', name: 'MultiMFA' },
        subject: 'You are invited',
        content: [
          { type: 'text/plain', value: `Accept: ${invitation}` },
          {
            type: 'text/html',
            value: `<p>Accept <a href="${invitation}">your invitation</a></p><script>alert(1)</script>`,
          },
        ],
      }),
    });
    assert.equal(sent.status, 202);
    const mail = page.locator('.entry.email', { hasText: 'You are invited' });
    await mail.waitFor();
    const link = page
      .frameLocator('iframe[title="E-mail: You are invited"]')
      .getByRole('link', { name: 'your invitation' });
    await link.waitFor();
    const popup = page.waitForEvent('popup');
    await link.click();
    const opened = await popup;
    await opened.waitForLoadState();
    assert.equal(opened.url(), invitation, 'the link opens in a new tab');
    await opened.close();
    await mail.locator('[data-part="status"]', { hasText: 'delivered' }).waitFor();
    assert.equal(dialogs, 0, 'no script from a message ran');
  });

  it('3-D Secure: the cardholder approves on the sandbox page and lands on the return_url', async () => {
    const stripe = new Stripe(config.stripe.secretKey, {
      host: '127.0.0.1',
      port: new URL(url).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const returnUrl = receiver.at('/success');
    const intent = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'usd',
      payment_method: 'pm_card_authenticationRequiredOnSetup',
      confirm: true,
      return_url: returnUrl,
    });
    assert.equal(intent.status, 'requires_action');
    const page = await browser.newPage();
    await page.goto(intent.next_action?.redirect_to_url?.url ?? '');
    await page.getByText('$15.00').waitFor();
    await page.getByText('visa ending in 3155').waitFor();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL(`${returnUrl}?**`);
    const back = new URL(page.url());
    assert.equal(back.searchParams.get('payment_intent'), intent.id);
    assert.equal(back.searchParams.get('redirect_status'), 'succeeded');
    assert.equal((await stripe.paymentIntents.retrieve(intent.id)).status, 'succeeded');
  });

  it('Google: the person picks an account and the app gets a code it can exchange', async () => {
    const callback = receiver.at('/auth/google/callback');
    const page = await browser.newPage();
    const authorize = new URL(`${url}/o/oauth2/v2/auth`);
    authorize.search = new URLSearchParams({
      client_id: config.google.clientId,
      redirect_uri: callback,
      response_type: 'code',
      scope: 'openid email profile',
      state: 'xyz',
    }).toString();
    await page.goto(authorize.toString());
    await page.getByRole('heading', { name: 'Choose an account' }).waitFor();
    await page.getByRole('button', { name: /Grace Hopper/ }).click();
    await page.waitForURL(`${callback}?**`);
    const back = new URL(page.url());
    assert.equal(back.searchParams.get('state'), 'xyz');
    const tokens = await fetch(`${url}/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: callback,
        client_id: config.google.clientId,
        client_secret: config.google.clientSecret,
      }).toString(),
    });
    assert.equal(tokens.status, 200);
    const { access_token: accessToken } = (await tokens.json()) as { access_token: string };
    const profile = await fetch(`${url}/oauth2/v3/userinfo`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    const { sub, ...claims } = (await profile.json()) as Record<string, unknown>;
    assert.match(String(sub), /^1\d{20}$/);
    assert.deepEqual(claims, {
      name: 'Grace Hopper',
      given_name: 'Grace',
      family_name: 'Hopper',
      email: 'grace.hopper@example.org',
      email_verified: true,
    });
  });
});
