import type { InvoiceEntry, MfaUsage, SavedCard, UpdateCardBody } from '@multimfa/api-contract';
import { invoiceList, savedCard, savedCardList, usageRecord } from '@multimfa/service-contracts/billing';
import { NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { PaymentCustomerService } from '../payment/payment-customer.service.js';
import type { ServiceClient } from '../upstream/service.client.js';
import { BILLING } from '../upstream/upstream.module.js';

const deleted = z.object({ deleted: z.literal(true) });

/** Saved cards and invoices: billing holds the rules and checks every id against the user. */
@Injectable()
export class CardsService {
  constructor(
    @Inject(BILLING) private readonly billing: ServiceClient,
    @Inject(PaymentCustomerService) private readonly customers: PaymentCustomerService,
  ) {}

  private cardsPath(userId: string, stripeCustomerId: string, cardId?: string): string {
    const base = `/users/${userId}/customers/${encodeURIComponent(stripeCustomerId)}/cards`;
    return cardId ? `${base}/${encodeURIComponent(cardId)}` : base;
  }

  /** Without a customer id (none yet), the first card makes the user's Stripe customer. */
  async add(userId: string, stripeCustomerId: string, paymentMethodId: string): Promise<SavedCard> {
    const customerId = stripeCustomerId || (await this.customers.ensure(userId));
    return this.billing.post(this.cardsPath(userId, customerId), savedCard, { paymentMethodId });
  }

  list(userId: string, stripeCustomerId: string): Promise<SavedCard[]> {
    return this.billing.get(this.cardsPath(userId, stripeCustomerId), savedCardList);
  }

  get(userId: string, stripeCustomerId: string, cardId: string): Promise<SavedCard> {
    return this.billing.get(this.cardsPath(userId, stripeCustomerId, cardId), savedCard);
  }

  update(userId: string, stripeCustomerId: string, cardId: string, body: UpdateCardBody): Promise<SavedCard> {
    return this.billing.request('PATCH', this.cardsPath(userId, stripeCustomerId, cardId), savedCard, body);
  }

  async remove(userId: string, stripeCustomerId: string, cardId: string): Promise<void> {
    await this.billing.request('DELETE', this.cardsPath(userId, stripeCustomerId, cardId), deleted);
  }

  /** Only the caller's own invoices: another user's id answers 404. */
  invoices(userId: string, appUserId: string): Promise<InvoiceEntry[]> {
    if (appUserId !== userId) throw new NotFoundError('No such user', 'USER_NOT_FOUND');
    return this.billing.get(`/users/${userId}/invoices`, invoiceList);
  }

  payInvoice(userId: string, invoiceId: string, cardId: string): Promise<InvoiceEntry[]> {
    return this.billing.post(`/users/${userId}/invoices/${invoiceId}/payment`, invoiceList, { cardId });
  }

  /** Texts used this period by the caller's MFA; billing answers 404 for someone else's. */
  async usage(userId: string, mfaId: string): Promise<MfaUsage> {
    const usage = await this.billing.get(`/users/${userId}/mfas/${mfaId}/usage`, usageRecord);
    return {
      mfaId: usage.mfaId,
      periodStart: usage.periodStart,
      periodEnd: usage.periodEnd,
      textsUsed: usage.textsUsed,
      textsAllowed: usage.textsAllowed,
      extraTextPrice: usage.extraTextPriceCents / 100,
    };
  }
}
