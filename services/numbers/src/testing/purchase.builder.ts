import { randomBytes, randomUUID } from 'node:crypto';
import type { PurchaseCompleted } from '@multimfa/events';

const DAY = 86_400_000;

/**
 * Test data: a purchase as billing completes it, a new Basic MultiMFA bought now for `userId` in the
 * country `countryId`, paid in full, renewing in 30 days, unless `overrides` say otherwise.
 */
export function completedPurchase(
  userId: string,
  countryId: number,
  overrides: Partial<PurchaseCompleted> = {},
): PurchaseCompleted {
  const now = new Date();
  return {
    purchaseId: randomUUID(),
    userId,
    MFAType: 'MultiMFA',
    action: 'CREATE',
    mfaId: randomUUID(),
    draft: { name: 'Team', description: 'Shared sign-ins', countryId },
    plan: { planId: 1, planName: 'Basic', basePrice: 5, noOfUsers: 2 },
    subscriptionId: randomUUID(),
    periodStart: now.toISOString(),
    nextPaymentDate: new Date(now.getTime() + 30 * DAY).toISOString(),
    autoRenewal: true,
    paymentIntentId: `pi_${randomBytes(12).toString('hex')}`,
    amountPaidCents: 500,
    discountId: null,
    completedAt: now.toISOString(),
    ...overrides,
  };
}
