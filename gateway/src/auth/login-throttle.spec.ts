import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { LOGIN_THROTTLE, lockSeconds } from './login-throttle.service.js';

describe('login throttle', () => {
  it('lets the first failures through, then pauses the account 1 minute, doubling', () => {
    assert.deepEqual([1, 4, 5, 6, 7].map(lockSeconds), [0, 0, 60, 120, 240]);
  });

  it('never locks an account for more than 15 minutes, however many failures', () => {
    assert.equal(lockSeconds(100), LOGIN_THROTTLE.maxLockSeconds);
    assert.equal(LOGIN_THROTTLE.maxLockSeconds, 900);
  });
});
