import type { MfaTypeName, stripePaymentSchema } from '@multimfa/api-contract';
import {
  type CompletePurchaseRequest,
  completedPurchase,
  type PurchaseCompleted,
} from '@multimfa/service-contracts/billing';
import { type MfaKind, type MfaRecord, mfaRecord, mfaRecords } from '@multimfa/service-contracts/numbers';
import { DomainError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { ServiceClient } from '../upstream/service.client.js';
import { BILLING, NUMBERS } from '../upstream/upstream.module.js';

type StripePayment = z.output<typeof stripePaymentSchema>;

/** Which purchase a completion route completes. */
export interface Completion {
  MFAType: MfaTypeName;
  action: PurchaseCompleted['action'];
  /** The MultiMFA the browser says it upgrades, if it says. */
  mfaId?: string;
}

const routeOf = (completion: Pick<Completion, 'MFAType' | 'action'>) =>
  completion.action === 'UPGRADE'
    ? '/api/plan/update'
    : completion.MFAType === 'MultiMFA'
      ? '/api/plan/create'
      : '/api/robo-mfa/create';

/** A payment completed by the wrong call, or (an upgrade) naming another of the caller's MultiMFAs. */
const purchaseMismatch = (purchase: PurchaseCompleted, completion: Completion) =>
  new DomainError(
    'PURCHASE_MISMATCH',
    purchase.MFAType === completion.MFAType && purchase.action === completion.action
      ? 'This payment changes the plan of another of your MultiMFAs'
      : `This payment ${purchase.action === 'UPGRADE' ? 'changes the plan of a MultiMFA' : `buys a ${purchase.MFAType}`}: complete it with ${routeOf(purchase)}`,
    409,
  );

/**
 * The customer's MultiMFAs and RoboMFAs: numbers owns them, billing the purchases. Completing a
 * purchase asks billing to complete it (idempotent on the payment) and numbers to apply it
 * (idempotent on the purchase); billing's event does the same when the browser never comes back.
 */
@Injectable()
export class MfasService {
  constructor(
    @Inject(NUMBERS) private readonly numbers: ServiceClient,
    @Inject(BILLING) private readonly billing: ServiceClient,
  ) {}

  list(userId: string, type?: MfaKind): Promise<MfaRecord[]> {
    const query = type ? `?${new URLSearchParams({ type })}` : '';
    return this.numbers.get(`/users/${userId}/mfas${query}`, mfaRecords);
  }

  /** The MultiMFA a completion names must be the caller's: anyone else's answers 404 before anything is done. */
  async complete(userId: string, completion: Completion, payment: StripePayment): Promise<MfaRecord> {
    if (completion.mfaId !== undefined)
      await this.numbers.get(`/users/${userId}/mfas/${completion.mfaId}`, mfaRecord);
    const request: CompletePurchaseRequest = payment.payment_intent
      ? { paymentIntentId: payment.payment_intent }
      : { checkoutId: payment.checkout_id };
    const purchase = await this.billing.post(
      `/users/${userId}/purchases/complete`,
      completedPurchase,
      request,
    );
    if (
      purchase.MFAType !== completion.MFAType ||
      purchase.action !== completion.action ||
      (completion.mfaId !== undefined && completion.mfaId !== purchase.mfaId)
    ) {
      throw purchaseMismatch(purchase, completion);
    }
    return this.numbers.post('/purchases', mfaRecord, purchase);
  }
}
