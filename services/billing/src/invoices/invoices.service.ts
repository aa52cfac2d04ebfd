import { Outbox } from '@multimfa/event-bus';
import { invoicePaid } from '@multimfa/events';
import type { InvoiceRecord } from '@multimfa/service-contracts/billing';
import { Clock, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { CardsRepository } from '../cards/cards.repository.js';
import { CustomersService } from '../customers/customers.service.js';
import { dollars } from '../discounts/discount-amounts.rules.js';
import type { Invoice } from '../purchases/invoice.entity.js';
import { INVOICE_AUTHENTICATION_MESSAGE } from '../renewals/renewals.errors.js';
import { RenewalsService } from '../renewals/renewals.service.js';
import {
  CardAuthenticationRequired,
  CardRejected,
  PaymentsProvider,
} from '../stripe/payments-provider.port.js';
import {
  invoiceAuthenticationRequired,
  invoiceNotFound,
  invoicePaymentDeclined,
  paymentCardNotFound,
} from './invoices.errors.js';
import { InvoicesRepository } from './invoices.repository.js';

export function toInvoiceRecord(invoice: Invoice): InvoiceRecord {
  return {
    userPaymentInvoiceId: invoice.id,
    invoiceNo: invoice.invoiceNo,
    invoiceDate: invoice.invoiceDate.toISOString(),
    invoiceAmountCents: invoice.amountCents,
    invoiceAmount: dollars(invoice.amountCents),
    invoiceDescription: invoice.description,
    invoiceStatus: invoice.status,
    invoicePaymentDate: invoice.paidAt ? invoice.paidAt.toISOString() : null,
    invoicePaymentError: invoice.status === 'PAID' ? null : invoice.lastPaymentError,
  };
}

/** The Stripe idempotency key of one try to pay an invoice: a retry of the same try charges once. */
export function invoicePaymentKey(invoiceId: string, attempt: number): string {
  return `invoice-${invoiceId}-payment-${attempt}`;
}

type Outcome =
  | { kind: 'paid' }
  | { kind: 'already-paid' }
  | { kind: 'declined'; message: string }
  | {
      kind: 'authentication-required';
    };

/**
 * Invoice Management: the user's invoices, and paying one with a saved card, off-session. The
 * invoice is locked for the whole payment, so two payments of it at once charge once (the second
 * finds it PAID); each try has a Stripe idempotency key derived from the invoice and the try's number,
 * and first asks Stripe whether an earlier try charged the invoice (its answer lost, or its process
 * killed before the record), so a retried payment charges once, with the same card or another. A refused try is recorded and leaves the
 * invoice unpaid.
 */
@Injectable()
export class InvoicesService {
  constructor(
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(CardsRepository) private readonly cards: CardsRepository,
    @Inject(CustomersService) private readonly customers: CustomersService,
    @Inject(PaymentsProvider) private readonly payments: PaymentsProvider,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(RenewalsService) private readonly renewals: Pick<RenewalsService, 'afterInvoicePaid'>,
  ) {}

  async list(userId: string): Promise<InvoiceRecord[]> {
    return (await this.invoices.list(userId)).map(toInvoiceRecord);
  }

  /** Pays the user's invoice with the user's saved card; answers the refreshed list. */
  async pay(userId: string, invoiceId: string, cardId: string): Promise<InvoiceRecord[]> {
    const card = await this.cards.find(userId, cardId);
    if (!card) throw paymentCardNotFound();
    const customer = await this.customers.find(userId);
    const outcome = await this.invoices.transaction(async (manager): Promise<Outcome> => {
      const invoice = await this.invoices.lock(manager, userId, invoiceId);
      if (!invoice) throw invoiceNotFound();
      if (invoice.status === 'PAID') return { kind: 'already-paid' };
      const attempt = invoice.paymentAttempts + 1;
      let paymentIntentId: string | null = null;
      let paidWith = card.id;
      // A try whose answer was lost (or whose process died before recording it) may have charged the
      // invoice already, and a new try may name another card: Stripe is asked first, so it is charged once.
      const earlier =
        invoice.amountCents > 0
          ? await this.payments.findCharge({ customerId: customer.stripeCustomerId, invoiceId: invoice.id })
          : null;
      if (earlier) {
        paymentIntentId = earlier.id;
        paidWith = earlier.paymentMethodId ?? card.id;
        this.logger.warn(
          { invoiceId, paymentIntentId },
          'an earlier try had paid the invoice; recorded, not charged again',
        );
      } else if (invoice.amountCents > 0) {
        try {
          const intent = await this.payments.chargeOffSession({
            amountCents: invoice.amountCents,
            customerId: customer.stripeCustomerId,
            paymentMethodId: card.id,
            description: `MultiMFA invoice ${invoice.invoiceNo}`,
            metadata: { invoiceId: invoice.id, invoiceNo: invoice.invoiceNo, userId },
            idempotencyKey: invoicePaymentKey(invoice.id, attempt),
          });
          if (intent.status !== 'succeeded')
            throw new CardRejected('The payment was not completed', intent.status);
          paymentIntentId = intent.id;
        } catch (error) {
          if (error instanceof CardAuthenticationRequired) {
            await this.invoices.recordFailure(manager, invoice.id, attempt, INVOICE_AUTHENTICATION_MESSAGE);
            return { kind: 'authentication-required' };
          }
          if (error instanceof CardRejected) {
            await this.invoices.recordFailure(manager, invoice.id, attempt, error.message);
            return { kind: 'declined', message: error.message };
          }
          throw error;
        }
      }
      const paidAt = this.clock.now();
      await this.invoices.markPaid(manager, invoice.id, {
        paidAt,
        paymentIntentId,
        cardId: paidWith,
        attempts: attempt,
      });
      await this.outbox.publish(manager, invoicePaid, {
        invoiceId: invoice.id,
        invoiceNo: invoice.invoiceNo,
        userId,
        subscriptionId: invoice.subscriptionId,
        amountCents: invoice.amountCents,
        currency: 'usd',
        paymentIntentId,
        cardId: paidWith,
        paidAt: paidAt.toISOString(),
      });
      await this.renewals.afterInvoicePaid(manager, invoice, paidAt);
      return { kind: 'paid' };
    });
    this.logger.info({ userId, invoiceId, outcome: outcome.kind }, 'invoice payment');
    if (outcome.kind === 'declined') throw invoicePaymentDeclined(outcome.message);
    if (outcome.kind === 'authentication-required') throw invoiceAuthenticationRequired();
    return this.list(userId);
  }
}
