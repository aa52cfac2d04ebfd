import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { stripeWebhookRequestOf } from './stripe-webhook.mapper.js';

describe('Stripe’s delivery, as billing verifies it', () => {
  it('keeps the exact text Stripe signed, spacing and all, with its signature', () => {
    const payload = '{\n  "id": "evt_1",  "type": "payment_intent.succeeded", "name": "Zoë"\n}';
    assert.deepEqual(stripeWebhookRequestOf(Buffer.from(payload, 'utf8'), 't=1,v1=abc'), {
      payload,
      signature: 't=1,v1=abc',
    });
  });
});
