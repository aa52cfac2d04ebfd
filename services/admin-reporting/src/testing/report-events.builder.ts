import { randomUUID } from 'node:crypto';
import type {
  deliveryStatusChanged,
  forwardSent,
  logEntryWritten,
  memberAdded,
  messageReceived,
  mfaCreated,
  mfaUpdated,
  numberAssigned,
  PayloadOf,
  userRegistered,
} from '@multimfa/events';

/** Test data: the events identity, numbers and messaging publish, as the read models receive them. */

export function registeredUser(
  overrides: Partial<PayloadOf<typeof userRegistered>> = {},
): PayloadOf<typeof userRegistered> {
  const userId = randomUUID();
  return {
    userId,
    emailAddress: `user-${userId.slice(0, 8)}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    mobileNo: '+12125550199',
    userType: 'CUSTOMER',
    provider: 'NONE',
    isVerified: false,
    serviceAgreementAgreed: true,
    receiveMarketingEmails: false,
    ...overrides,
  };
}

/** A Basic MFA of `userId`, active, created at `createdAt` (now by default), without a number yet. */
export function createdMfa(
  userId: string,
  overrides: Partial<PayloadOf<typeof mfaCreated>> = {},
): PayloadOf<typeof mfaCreated> {
  const now = new Date();
  return {
    mfaId: randomUUID(),
    MFAType: 'MultiMFA',
    userId,
    name: 'Ops team',
    description: '',
    countryId: 1,
    countryIso: 'US',
    plan: { planId: 1, planName: 'Basic', basePrice: 5, noOfUsers: 2 },
    subscriptionId: randomUUID(),
    autoRenewal: true,
    nextPaymentDate: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    isSubscriptionActive: true,
    isActive: true,
    number: null,
    purchaseId: randomUUID(),
    createdAt: now.toISOString(),
    ...overrides,
  };
}

/** The same MFA after a change. */
export function updatedMfa(
  mfa: PayloadOf<typeof mfaCreated>,
  change: Partial<PayloadOf<typeof mfaUpdated>>,
): PayloadOf<typeof mfaUpdated> {
  const { createdAt: _createdAt, ...state } = mfa;
  return { ...state, purchaseId: null, updatedAt: new Date().toISOString(), ...change };
}

export function assignedNumber(
  mfa: PayloadOf<typeof mfaCreated>,
  number: string,
): PayloadOf<typeof numberAssigned> {
  return {
    phoneNumberId: Math.floor(Math.random() * 1_000_000) + 1,
    number,
    sid: `PN${randomUUID().replace(/-/g, '')}`,
    countryIso: 'US',
    mfaId: mfa.mfaId,
    MFAType: mfa.MFAType,
    userId: mfa.userId,
    assignedAt: new Date().toISOString(),
  };
}

export function addedMember(
  mfa: PayloadOf<typeof mfaCreated>,
  overrides: Partial<PayloadOf<typeof memberAdded>> = {},
): PayloadOf<typeof memberAdded> {
  return {
    memberId: randomUUID(),
    mfaId: mfa.mfaId,
    userId: mfa.userId,
    firstName: 'Grace',
    lastName: 'Hopper',
    mobileNo: '+12125550123',
    email: '',
    forwardMedium: 'MOBILE_NUMBER',
    status: 'INVITE_SENT',
    addedAt: new Date().toISOString(),
    ...overrides,
  };
}

/** A text that reached `mfa`'s number now. */
export function receivedMessage(
  mfa: PayloadOf<typeof mfaCreated>,
  overrides: Partial<PayloadOf<typeof messageReceived>> = {},
): PayloadOf<typeof messageReceived> {
  return {
    messageId: randomUUID(),
    mfaId: mfa.mfaId,
    MFAType: mfa.MFAType,
    userId: mfa.userId,
    toNumber: '+12125550100',
    fromNumber: '+14155550100',
    hasCode: true,
    forwards: 1,
    receivedAt: new Date().toISOString(),
    ...overrides,
  };
}

/** One forward of a text to `mfa`'s members, accepted by the provider now. */
export function sentForward(
  mfa: PayloadOf<typeof mfaCreated>,
  overrides: Partial<PayloadOf<typeof forwardSent>> = {},
): PayloadOf<typeof forwardSent> {
  return {
    forwardId: randomUUID(),
    messageId: randomUUID(),
    mfaId: mfa.mfaId,
    memberId: randomUUID(),
    medium: 'SMS',
    sentAt: new Date().toISOString(),
    ...overrides,
  };
}

/** The forward's delivery moved to `status` now. */
export function changedDelivery(
  forward: PayloadOf<typeof forwardSent>,
  status: PayloadOf<typeof deliveryStatusChanged>['status'],
): PayloadOf<typeof deliveryStatusChanged> {
  const { sentAt: _sentAt, ...rest } = forward;
  return { ...rest, status, changedAt: new Date().toISOString() };
}

/** An INFO entry of the message log about a text to `mobileNo`. */
export function writtenLog(
  overrides: Partial<PayloadOf<typeof logEntryWritten>> = {},
): PayloadOf<typeof logEntryWritten> {
  return {
    logId: randomUUID(),
    mfaId: randomUUID(),
    userId: randomUUID(),
    logType: 'INFO',
    mobileNo: '+12125550100',
    message: 'A text from +14155550100 was forwarded to 1 member',
    members: [{ firstName: 'Grace', lastName: 'Hopper' }],
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
