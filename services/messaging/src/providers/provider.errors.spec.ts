import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { ProviderError } from './provider.errors.js';

describe("a provider's refusal", () => {
  it('treats 4xx other than 408 and 429 as permanent, and 429 and 5xx as worth retrying', () => {
    assert.deepEqual(
      [400, 401, 404, 408, 429, 500, 503].map(
        (status) => new ProviderError('twilio', status, 'x', undefined).permanent,
      ),
      [true, true, true, false, false, false, false],
    );
  });
});
