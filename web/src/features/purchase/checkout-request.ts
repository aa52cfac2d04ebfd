import type { createIntentBody } from '@multimfa/api-contract';
import type { z } from 'zod';
import type { Session } from '../../session/session.schema';
import { isDiscountApplied } from './amounts';

export type CheckoutRequest = z.input<typeof createIntentBody>;

/**
 * What is being bought, from the session: the upgrade of a held MultiMFA (`upgrade`) or the draft of
 * a new MFA (`buffer`), the chosen plan and the applied discount. Undefined when the session holds no
 * plan or nothing to buy it for.
 */
export function checkoutRequest(session: Session): CheckoutRequest | undefined {
  const { plan, buffer, upgrade, paymentInfo } = session;
  if (!plan) return undefined;
  const discount = isDiscountApplied(plan.basePrice, paymentInfo)
    ? { discountId: String(paymentInfo.discountId) }
    : {};
  if (upgrade) {
    return { MFAType: 'MultiMFA', planId: Number(plan.planId), upgradeMultiMFAId: upgrade, ...discount };
  }
  if (!buffer) return undefined;
  return {
    MFAType: buffer.MFAType,
    planId: Number(plan.planId),
    name: buffer.name,
    description: buffer.description,
    countryId: Number(buffer.countryId),
    ...discount,
  };
}
