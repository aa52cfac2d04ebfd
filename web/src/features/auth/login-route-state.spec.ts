import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { readLoginRouteState } from './login-route-state';

describe('readLoginRouteState', () => {
  it('keeps the e-mail address and verification of a Google sign-up hand-off', () => {
    assert.deepEqual(readLoginRouteState({ emailAddress: 'ada@example.com', isVerified: true, extra: 1 }), {
      emailAddress: 'ada@example.com',
      isVerified: true,
    });
  });

  it('ignores any other route state', () => {
    for (const state of [
      null,
      undefined,
      'ada',
      { emailAddress: 'ada@example.com' },
      { emailAddress: 1, isVerified: true },
    ]) {
      assert.equal(readLoginRouteState(state), undefined);
    }
  });
});
