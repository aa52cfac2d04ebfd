import type { MfaRecord } from '@multimfa/service-contracts/numbers';
import type { MfaView } from '../mfa.entity.js';

/** An MFA as the gateway receives it (it shapes it into the documented MultiMFA or RoboMFA). */
export function toMfaRecord({ mfa, country, number, memberIds, botIds }: MfaView): MfaRecord {
  return {
    mfaId: mfa.mfaId,
    MFAType: mfa.mfaType,
    userId: mfa.userId,
    name: mfa.name,
    description: mfa.description,
    number,
    country: { countryId: country.countryId, name: country.name, code: country.diallingCode },
    plan: {
      planId: mfa.planId,
      planName: mfa.planName,
      basePrice: mfa.basePrice,
      noOfUsers: mfa.noOfUsers,
    },
    subscriptionId: mfa.subscriptionId,
    autoRenewal: mfa.autoRenewal,
    nextPaymentDate: mfa.nextPaymentDate.toISOString(),
    isSubscriptionActive: mfa.isSubscriptionActive,
    isActive: mfa.isActive,
    createdAt: mfa.createdAt.toISOString(),
    memberIds,
    botIds,
  };
}
