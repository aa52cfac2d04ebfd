import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { failureClassOf, ProviderError } from './provider.errors.js';

describe("a provider's refusal", () => {
  it('treats 4xx about the message as permanent; refused credentials (401, 403), 408, 429 and 5xx as worth retrying', () => {
    assert.deepEqual(
      [400, 401, 403, 404, 408, 422, 429, 500, 503].map(
        (status) => new ProviderError('twilio', status, 'x', undefined).permanent,
      ),
      [true, false, false, true, false, true, false, false, false],
    );
  });

  it('classes a failure for good as permanent only for a refusal of the message itself; outages, timeouts and lost connections as transient', () => {
    assert.deepEqual(
      [
        new ProviderError('sendgrid', 400, 'invalid recipient', undefined),
        new ProviderError('twilio', 422, 'unsubscribed recipient', undefined),
        new ProviderError('sendgrid', 503, 'unavailable', undefined),
        new ProviderError('sendgrid', 401, 'key rotated', undefined),
        new ProviderError('twilio', 429, 'limited', undefined),
        new Error('The operation was aborted due to timeout'),
        new Error('connect ECONNREFUSED 127.0.0.1:1'),
      ].map(failureClassOf),
      ['permanent', 'permanent', 'transient', 'transient', 'transient', 'transient', 'transient'],
    );
  });
});
