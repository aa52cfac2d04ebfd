import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { MfaRecord } from '@multimfa/service-contracts/numbers';
import { toMultiMfa, toRoboMfa, toSessionMfa } from './mfa.shapes.js';

const record = (overrides: Partial<MfaRecord> = {}): MfaRecord => ({
  mfaId: '00000000-0000-4000-8000-000000000001',
  MFAType: 'MultiMFA',
  userId: '10000000-0000-4000-8000-000000000001',
  name: 'Ops team',
  description: 'Shared sign-ins',
  number: '+14155550123',
  country: { countryId: 22, name: 'United States', code: '+1' },
  plan: { planId: 1, planName: 'Basic', basePrice: 5, noOfUsers: 2 },
  subscriptionId: '20000000-0000-4000-8000-000000000001',
  autoRenewal: true,
  nextPaymentDate: '2026-02-01T00:00:00.000Z',
  isSubscriptionActive: true,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  memberIds: [],
  botIds: [],
  ...overrides,
});

const shown = {
  name: 'Ops team',
  description: 'Shared sign-ins',
  multiMFACountry: { name: 'United States', code: '+1' },
  autoRenewal: true,
  nextPaymentDate: '2026-02-01T00:00:00.000Z',
  isSubscriptionActive: true,
  isActive: true,
  plans: { planId: 1, planName: 'Basic', basePrice: 5, noOfUsers: 2 },
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('MFA shapes', () => {
  it('shows a MultiMFA with twillioNo, its plan as plans, the country as multiMFACountry and no members yet', () => {
    assert.deepEqual(toMultiMfa(record()), {
      multiMFAId: record().mfaId,
      twillioNo: '+14155550123',
      ...shown,
      isNumberPending: false,
      Members: [],
    });
  });

  it('shows a RoboMFA waiting for a number with an empty twilioNo, isNumberPending and no bots yet', () => {
    assert.deepEqual(toRoboMfa(record({ MFAType: 'RoboMFA', number: null })), {
      roboMFAId: record().mfaId,
      twilioNo: '',
      ...shown,
      isNumberPending: true,
      bots: [],
    });
  });

  it('names a MultiMFA\u2019s members and a RoboMFA\u2019s bots by id, never a bot\u2019s key', () => {
    const memberIds = ['30000000-0000-4000-8000-000000000001', '30000000-0000-4000-8000-000000000002'];
    const botIds = ['40000000-0000-4000-8000-000000000001'];
    assert.deepEqual(toMultiMfa(record({ memberIds })).Members, [
      { memberId: memberIds[0] },
      { memberId: memberIds[1] },
    ]);
    assert.deepEqual(toRoboMfa(record({ MFAType: 'RoboMFA', botIds })).bots, [{ botId: botIds[0] }]);
  });

  it("tells the two kinds apart in the login response's MFAs by MFAType", () => {
    assert.equal(toSessionMfa(record()).MFAType, 'MultiMFA');
    const robo = toSessionMfa(record({ MFAType: 'RoboMFA' }));
    assert.equal(robo.MFAType, 'RoboMFA');
    assert.ok('roboMFAId' in robo);
  });
});
