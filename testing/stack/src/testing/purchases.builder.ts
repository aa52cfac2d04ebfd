import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { PurchaseCompleted } from '@multimfa/service-contracts/billing';
import type { MfaRecord } from '@multimfa/service-contracts/numbers';
import { testGatewayCaller } from '@multimfa/service-runtime/testing';

/** Test data for purchases: what billing publishes when a purchase completes. */

/** A Basic plan of the kind, created now, nothing paid (a 100% discount), for one month. */
export function completedPurchase(input: {
  userId: string;
  MFAType: 'MultiMFA' | 'RoboMFA';
  countryId: number;
  name?: string;
  description?: string;
  /** Seats of a MultiMFA, bots of a RoboMFA. */
  noOfUsers?: number;
}): PurchaseCompleted {
  const now = new Date();
  return {
    purchaseId: randomUUID(),
    userId: input.userId,
    MFAType: input.MFAType,
    action: 'CREATE',
    mfaId: randomUUID(),
    draft: {
      name: input.name ?? 'Ops team',
      description: input.description ?? '',
      countryId: input.countryId,
    },
    plan: {
      planId: input.MFAType === 'MultiMFA' ? 1 : 4,
      planName: 'Basic',
      basePrice: 5,
      noOfUsers: input.noOfUsers ?? 2,
    },
    subscriptionId: randomUUID(),
    periodStart: now.toISOString(),
    nextPaymentDate: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    autoRenewal: true,
    paymentIntentId: null,
    amountPaidCents: 0,
    discountId: null,
    completedAt: now.toISOString(),
  };
}

/** Applies a completed purchase to numbers as the gateway does (`POST /purchases`); answers the MFA. */
export async function applyPurchase(numbersUrl: string, purchase: PurchaseCompleted): Promise<MfaRecord> {
  const response = await fetch(`${numbersUrl}/purchases`, {
    method: 'POST',
    headers: { ...(await testGatewayCaller.headers('numbers')), 'content-type': 'application/json' },
    body: JSON.stringify(purchase),
  });
  assert.equal(response.status, 200);
  return (await response.json()) as MfaRecord;
}
