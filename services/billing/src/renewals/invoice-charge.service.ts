import { Inject, Injectable } from '@nestjs/common';
import type { Invoice } from '../purchases/invoice.entity.js';
import {
  CardAuthenticationRequired,
  CardRejected,
  PaymentsProvider,
} from '../stripe/payments-provider.port.js';
import {
  INVOICE_AUTHENTICATION_MESSAGE,
  NO_CARD_MESSAGE,
  OWNER_INACTIVE_MESSAGE,
} from './renewals.errors.js';
import { RenewalsRepository } from './renewals.repository.js';

/** An invoice reserved (committed UNPAID) for an off-session charge, and who pays it. */
export interface ReservedCharge {
  invoice: Pick<Invoice, 'id' | 'invoiceNo' | 'amountCents'>;
  subscriptionId: string;
  userId: string;
  /** Reserved by an earlier attempt whose charge's outcome was not written. */
  resumed: boolean;
  card: { id: string } | null;
  customer: { stripeCustomerId: string } | null;
  /** The same on every attempt of this invoice: Stripe charges once per key. */
  idempotencyKey: string;
}

/** What the charge came to: the payment (none for an invoice of 0), or why there is none. */
export type InvoiceCharge =
  | { paymentIntentId: string | null; cardId: string }
  | {
      failure: {
        outcome: 'NO_CARD' | 'PAYMENT_DECLINED' | 'AUTHENTICATION_REQUIRED' | 'OWNER_INACTIVE';
        message: string;
      };
    };

/**
 * The off-session charge of a reserved invoice, outside any transaction, for renewals and overage
 * invoices alike: a resumed reservation first asks Stripe whether an earlier attempt charged it and
 * lost the answer (or died before writing it down); an owner billing may no longer charge
 * (deactivated or deleted since the reservation) is not charged; the charge carries the invoice and
 * the reservation's idempotency key, the same parameters on every retry.
 */
@Injectable()
export class InvoiceChargeService {
  constructor(
    @Inject(PaymentsProvider) private readonly payments: PaymentsProvider,
    @Inject(RenewalsRepository) private readonly renewals: RenewalsRepository,
  ) {}

  async charge(reserved: ReservedCharge): Promise<InvoiceCharge> {
    const { invoice, card, customer } = reserved;
    if (!card || !customer) return { failure: { outcome: 'NO_CARD', message: NO_CARD_MESSAGE } };
    if (reserved.resumed && invoice.amountCents > 0) {
      const earlier = await this.payments.findCharge({
        customerId: customer.stripeCustomerId,
        invoiceId: invoice.id,
      });
      if (earlier) return { paymentIntentId: earlier.id, cardId: card.id };
    }
    if (!(await this.renewals.ownerMayBeCharged(undefined, reserved.userId)))
      return { failure: { outcome: 'OWNER_INACTIVE', message: OWNER_INACTIVE_MESSAGE } };
    if (invoice.amountCents === 0) return { paymentIntentId: null, cardId: card.id };
    try {
      const intent = await this.payments.chargeOffSession({
        amountCents: invoice.amountCents,
        customerId: customer.stripeCustomerId,
        paymentMethodId: card.id,
        description: `MultiMFA invoice ${invoice.invoiceNo}`,
        metadata: {
          invoiceId: invoice.id,
          invoiceNo: invoice.invoiceNo,
          subscriptionId: reserved.subscriptionId,
        },
        idempotencyKey: reserved.idempotencyKey,
      });
      if (intent.status !== 'succeeded')
        throw new CardRejected('The payment was not completed', intent.status);
      return { paymentIntentId: intent.id, cardId: card.id };
    } catch (error) {
      if (error instanceof CardAuthenticationRequired)
        return { failure: { outcome: 'AUTHENTICATION_REQUIRED', message: INVOICE_AUTHENTICATION_MESSAGE } };
      if (error instanceof CardRejected)
        return { failure: { outcome: 'PAYMENT_DECLINED', message: error.message } };
      throw error;
    }
  }
}
