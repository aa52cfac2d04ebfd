import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { exceededInvitationLimit, INVITATION_LIMITS } from './invitation-limits.rules.js';

describe('the daily limits of invitations', () => {
  it('are 3 per member, 30 per MultiMFA and 60 per customer, over 24 hours', () => {
    assert.deepEqual(INVITATION_LIMITS, {
      perMember: 3,
      perMfa: 30,
      perCustomer: 60,
      windowMs: 86_400_000,
    });
  });

  it('let an invitation go while every count is under its limit', () => {
    assert.equal(exceededInvitationLimit({ member: 2, mfa: 29, customer: 59 }), undefined);
    assert.equal(exceededInvitationLimit({ member: 0, mfa: 0, customer: 0 }), undefined);
  });

  it('refuse the 4th invitation of a member, the 31st of a MultiMFA and the 61st of a customer', () => {
    assert.equal(exceededInvitationLimit({ member: 3, mfa: 3, customer: 3 }), 'member');
    assert.equal(exceededInvitationLimit({ member: 0, mfa: 30, customer: 30 }), 'mfa');
    assert.equal(exceededInvitationLimit({ member: 0, mfa: 0, customer: 60 }), 'customer');
  });

  it('name the narrowest limit when several are reached', () => {
    assert.equal(exceededInvitationLimit({ member: 3, mfa: 30, customer: 60 }), 'member');
    assert.equal(exceededInvitationLimit({ member: 1, mfa: 30, customer: 60 }), 'mfa');
  });
});
