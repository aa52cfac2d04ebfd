import { randomUUID } from 'node:crypto';
import type { memberVerified, mfaCreated, PayloadOf, userRegistered } from '@multimfa/events';

type MfaCreated = PayloadOf<typeof mfaCreated>;
type MfaState = Omit<MfaCreated, 'purchaseId' | 'createdAt'>;

/** Test data: an MFA as numbers' events carry it, an active Basic MultiMFA with no number unless told otherwise. */
export function mfaState(overrides: Partial<MfaState> = {}): MfaState {
  return {
    mfaId: randomUUID(),
    MFAType: 'MultiMFA',
    userId: randomUUID(),
    name: 'Team of the test',
    description: '',
    countryId: 1,
    countryIso: 'US',
    plan: { planId: 1, planName: 'Basic', basePrice: 5, noOfUsers: 2 },
    subscriptionId: randomUUID(),
    autoRenewal: true,
    nextPaymentDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    isSubscriptionActive: true,
    isActive: true,
    number: null,
    ...overrides,
  };
}

/** Test data: `numbers.mfa.created` for `mfaState(overrides)`, created now. */
export function createdMfa(overrides: Partial<MfaCreated> = {}): MfaCreated {
  return {
    ...mfaState(overrides),
    purchaseId: randomUUID(),
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** Test data: `numbers.member.verified` of an e-mail member of `mfaId`, verified now unless told otherwise. */
export function verifiedMember(
  mfaId: string,
  overrides: Partial<PayloadOf<typeof memberVerified>> = {},
): PayloadOf<typeof memberVerified> {
  const memberId = randomUUID();
  return {
    memberId,
    mfaId,
    userId: randomUUID(),
    firstName: 'Vera',
    lastName: 'Member',
    mobileNo: '',
    email: `member.${memberId.slice(0, 8)}@example.com`,
    forwardMedium: 'EMAIL',
    status: 'VERIFIED',
    invitationId: randomUUID(),
    verifiedAt: new Date().toISOString(),
    ...overrides,
  };
}

/** Test data: `identity.user.registered` of a verified customer `userId`, Olga Owner unless told otherwise. */
export function registeredUser(
  userId: string,
  overrides: Partial<PayloadOf<typeof userRegistered>> = {},
): PayloadOf<typeof userRegistered> {
  return {
    userId,
    emailAddress: `owner.${userId.slice(0, 8)}@example.com`,
    firstName: 'Olga',
    lastName: 'Owner',
    mobileNo: '',
    userType: 'CUSTOMER',
    provider: 'NONE',
    isVerified: true,
    serviceAgreementAgreed: true,
    receiveMarketingEmails: false,
    ...overrides,
  };
}
