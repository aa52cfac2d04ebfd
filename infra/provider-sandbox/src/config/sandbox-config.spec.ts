import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it } from '@jest/globals';
import {
  DEFAULT_SANDBOX_PORT,
  DEFAULT_TWILIO_NUMBERS,
  loadSandboxSettings,
  SandboxConfigError,
} from './sandbox-config.js';

function issues(env: Record<string, string>): string[] {
  try {
    loadSandboxSettings(env);
  } catch (error) {
    assert.ok(error instanceof SandboxConfigError);
    return error.issues;
  }
  throw new Error('expected a configuration error');
}

describe('loadSandboxSettings', () => {
  it('starts with nothing set: sandbox-only credentials, no webhooks, the default numbers', () => {
    const { port, host, config } = loadSandboxSettings({});
    assert.equal(port, DEFAULT_SANDBOX_PORT);
    assert.equal(host, '127.0.0.1');
    assert.equal(config.publicUrl, undefined);
    assert.match(config.stripe.secretKey, /^sk_test_/);
    assert.equal(config.stripe.webhookUrl, undefined);
    assert.deepEqual(config.stripe.webhookEvents, []);
    assert.deepEqual(config.twilio.phoneNumbers, DEFAULT_TWILIO_NUMBERS);
    assert.deepEqual(config.google.redirectUris, []);
    assert.equal(config.google.issuer, 'https://accounts.google.com');
  });

  it('reads every setting', () => {
    const { port, config } = loadSandboxSettings({
      SANDBOX_PORT: '48090',
      SANDBOX_PUBLIC_URL: 'http://sandbox.local:48090/',
      STRIPE_WEBHOOK_URL: 'http://127.0.0.1:48100/api/webhooks/stripe',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_WEBHOOK_EVENTS: 'payment_intent.succeeded, payment_intent.payment_failed',
      TWILIO_PHONE_NUMBERS: '+14155550100, +447700900001',
      GOOGLE_REDIRECT_URIS: 'http://127.0.0.1:47080/api/auth/google/callback',
      SANDBOX_CALLBACK_DELAY_MS: '0',
    });
    assert.equal(port, 48090);
    assert.equal(config.publicUrl, 'http://sandbox.local:48090');
    assert.equal(config.stripe.webhookSecret, 'whsec_abc');
    assert.deepEqual(config.stripe.webhookEvents, [
      'payment_intent.succeeded',
      'payment_intent.payment_failed',
    ]);
    assert.deepEqual(config.twilio.phoneNumbers, ['+14155550100', '+447700900001']);
    assert.equal(config.callbackDelayMs, 0);
  });

  it('names every bad setting', () => {
    const found = issues({
      SANDBOX_PORT: 'eighty',
      STRIPE_SECRET_KEY: 'sk_live_123',
      STRIPE_WEBHOOK_URL: 'ftp://x',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_PHONE_NUMBERS: '+14155550100,555-0100',
      SENDGRID_API_KEY: 'key',
      GOOGLE_SIGNING_KEY: 'not a pem',
    });
    const named = found.map((issue) => issue.split(':')[0]).sort();
    assert.deepEqual(named, [
      'GOOGLE_SIGNING_KEY',
      'SANDBOX_PORT',
      'SENDGRID_API_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_URL',
      'TWILIO_ACCOUNT_SID',
      'TWILIO_PHONE_NUMBERS.1',
    ]);
  });

  it('accepts PEM keys with escaped newlines, as env files carry them', () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const { config } = loadSandboxSettings({ SENDGRID_EVENT_WEBHOOK_PRIVATE_KEY: pem.replace(/\n/g, '\\n') });
    assert.equal(config.sendgrid.eventWebhookPrivateKeyPem, pem);
  });
});
