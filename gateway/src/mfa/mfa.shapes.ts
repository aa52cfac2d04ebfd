import type { MultiMfa, RoboMfa, SessionMfa } from '@multimfa/api-contract';
import type { MfaRecord } from '@multimfa/service-contracts/numbers';

/** What both kinds show the same way. */
function common(mfa: MfaRecord) {
  return {
    name: mfa.name,
    description: mfa.description,
    multiMFACountry: { name: mfa.country.name, code: mfa.country.code },
    autoRenewal: mfa.autoRenewal,
    nextPaymentDate: mfa.nextPaymentDate,
    isSubscriptionActive: mfa.isSubscriptionActive,
    isActive: mfa.isActive,
    isNumberPending: mfa.number === null,
    plans: mfa.plan,
    createdAt: mfa.createdAt,
  };
}

/** A MultiMFA as documented (`twillioNo`, spelled as the contract names it), its members by id. */
export function toMultiMfa(mfa: MfaRecord): MultiMfa {
  const Members = mfa.memberIds.map((memberId) => ({ memberId }));
  return { multiMFAId: mfa.mfaId, twillioNo: mfa.number ?? '', ...common(mfa), Members };
}

/** A RoboMFA as documented (`twilioNo`), its bots by id (never their keys). */
export function toRoboMfa(mfa: MfaRecord): RoboMfa {
  const bots = mfa.botIds.map((botId) => ({ botId }));
  return { roboMFAId: mfa.mfaId, twilioNo: mfa.number ?? '', ...common(mfa), bots };
}

/** An entry of the login response's `MFAs`. */
export function toSessionMfa(mfa: MfaRecord): SessionMfa {
  return mfa.MFAType === 'MultiMFA'
    ? { MFAType: 'MultiMFA', ...toMultiMfa(mfa) }
    : { MFAType: 'RoboMFA', ...toRoboMfa(mfa) };
}
