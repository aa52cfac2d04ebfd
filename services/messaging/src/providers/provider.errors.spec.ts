import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { ProviderError } from './provider.errors.js';

describe("a provider's refusal", () => {
  it('treats 4xx about the message as permanent; refused credentials (401, 403), 408, 429 and 5xx as worth retrying', () => {
    assert.deepEqual(
      [400, 401, 403, 404, 408, 422, 429, 500, 503].map(
        (status) => new ProviderError('twilio', status, 'x', undefined).permanent,
      ),
      [true, false, false, true, false, true, false, false, false],
    );
  });
});
