import { Mfa, type MfaView } from '../mfas/mfa.entity.js';

/** Test data: an active Basic MultiMFA of `userId` renewing by itself, as its row holds it, unless `overrides` say otherwise. */
export function mfaRow(mfaId: string, userId: string, overrides: Partial<Mfa> = {}): Mfa {
  return Object.assign(new Mfa(), {
    mfaId,
    mfaType: 'MultiMFA',
    userId,
    name: 'Team',
    description: '',
    countryId: 1,
    planId: 1,
    planName: 'Basic',
    basePrice: 5,
    noOfUsers: 2,
    subscriptionId: '20000000-0000-4000-8000-000000000001',
    autoRenewal: true,
    nextPaymentDate: new Date('2026-07-01T00:00:00Z'),
    isSubscriptionActive: true,
    isActive: true,
    phoneNumberId: 1,
    retentionDays: 30,
    createdAt: new Date('2026-06-01T00:00:00Z'),
    ...overrides,
  });
}

/** Test data: the MFA as the repository answers it, in the United States, holding `number`. */
export function mfaViewOf(mfa: Mfa, number: string | null = '+14155550123'): MfaView {
  return {
    mfa,
    country: { countryId: 1, name: 'United States', diallingCode: '+1', isoCode: 'US' },
    number,
    memberIds: [],
    botIds: [],
  };
}
