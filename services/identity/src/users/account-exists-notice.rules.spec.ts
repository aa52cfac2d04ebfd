import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { accountExistsNoticeDue } from './account-exists-notice.rules.js';

describe('the "account exists" notice', () => {
  const sent = new Date('2026-11-29T10:00:00Z');

  it('goes out when the owner was never told', () => {
    assert.equal(accountExistsNoticeDue(null, sent), true);
  });

  it('goes out at most once a day', () => {
    assert.equal(accountExistsNoticeDue(sent, new Date('2026-11-29T10:00:01Z')), false);
    assert.equal(accountExistsNoticeDue(sent, new Date('2026-11-30T09:59:59Z')), false);
    assert.equal(accountExistsNoticeDue(sent, new Date('2026-11-30T10:00:00Z')), true);
  });
});
