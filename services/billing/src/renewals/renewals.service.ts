import { Outbox } from '@multimfa/event-bus';
import { invoiceIssued, invoicePaid, subscriptionExpired, subscriptionRenewed } from '@multimfa/events';
import { Clock, currentCorrelationId, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CardsRepository } from '../cards/cards.repository.js';
import { oneMonthAfter } from '../purchases/billing-period.rules.js';
import type { Invoice } from '../purchases/invoice.entity.js';
import type { Subscription } from '../purchases/subscription.entity.js';
import { RenewalsQueue } from '../queue/renewals.queue.js';
import {
  CardAuthenticationRequired,
  CardRejected,
  PaymentsProvider,
} from '../stripe/payments-provider.port.js';
import { renewalLines, totalCents } from '../usage/usage.rules.js';
import type { RenewalOutcome, RenewalState } from './renewal.entity.js';
import { INVOICE_AUTHENTICATION_MESSAGE } from './renewals.errors.js';
import { RenewalsRepository } from './renewals.repository.js';

/** A period's renewal reserved: the subscription as it was, its UNPAID invoice, and who pays it. */
interface Reservation {
  subscription: Subscription;
  invoice: Pick<Invoice, 'id' | 'invoiceNo' | 'amountCents' | 'description' | 'invoiceDate'>;
  /** Reserved by an earlier attempt whose charge's outcome was not written. */
  resumed: boolean;
  card: { id: string } | null;
  customer: { stripeCustomerId: string } | null;
}

/** What the charge of a reservation came to. */
type Charged =
  | { paymentIntentId: string | null; cardId: string }
  | { failure: { outcome: Exclude<RenewalOutcome, 'RENEWED'>; message: string } };

/** How many due subscriptions one sweep queues (the next sweep, a minute later, takes the rest). */
export const SWEEP_BATCH = 500;

/** The Stripe idempotency key of a period's renewal charge: a retried job charges once. */
export function renewalPaymentKey(subscriptionId: string, periodEnd: Date): string {
  return `renewal-${subscriptionId}-${periodEnd.getTime()}`;
}

/**
 * Auto-renewal. Every minute a sweep queues each active subscription whose payment date has come (one
 * BullMQ job per subscription and period, deterministic id); the job renews it: the default saved card
 * is charged off-session for the plan's price plus the ended period's texts over the allowance, and the period moves one month, or, with no card, a
 * refusal or auto-renewal off, the subscription expires (an UNPAID invoice when it was to be charged).
 * The subscription row is locked for the whole renewal and the (subscription, period) renewal row is
 * unique, so however many workers run it at once the period is charged once; the Stripe idempotency
 * key is the period's, so a retry after a lost answer charges once too.
 */
@Injectable()
export class RenewalsService {
  constructor(
    @Inject(RenewalsRepository) private readonly renewals: RenewalsRepository,
    @Inject(CardsRepository) private readonly cards: CardsRepository,
    @Inject(PaymentsProvider) private readonly payments: PaymentsProvider,
    @Inject(RenewalsQueue) private readonly queue: RenewalsQueue,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Queues the renewal of every subscription due now; answers how many. */
  async sweep(): Promise<number> {
    const due = await this.renewals.due(this.clock.now(), SWEEP_BATCH);
    await this.queue.enqueue(
      due.map((subscription) => ({
        subscriptionId: subscription.id,
        periodEnd: subscription.nextPaymentDate.toISOString(),
        correlationId: currentCorrelationId() ?? `renewal-sweep-${Date.now()}`,
      })),
    );
    if (due.length > 0) this.logger.info({ due: due.length }, 'renewals queued');
    return due.length;
  }

  /**
   * Renews (or lets expire) the subscription at the end of the period ending at `periodEnd`; null when
   * that period was renewed already or the subscription is no longer due. Three steps, so the charge
   * happens once whatever fails around it: the renewal and its UNPAID invoice are reserved (committed,
   * CHARGING); the card is charged with the reservation's amount, invoice and idempotency key (a retry
   * of a reservation asks Stripe first whether it already charged it); the outcome is written.
   */
  async renew(subscriptionId: string, periodEnd: Date): Promise<RenewalOutcome | null> {
    const reserved = await this.renewals.transaction((manager) =>
      this.reserve(manager, subscriptionId, periodEnd),
    );
    let outcome: RenewalOutcome | null;
    if (!reserved || 'outcome' in reserved) outcome = reserved?.outcome ?? null;
    else {
      const charged = await this.chargeReserved(reserved);
      outcome = await this.renewals.transaction((manager) => this.finish(manager, reserved, charged));
    }
    this.logger.info({ subscriptionId, periodEnd: periodEnd.toISOString(), outcome }, 'renewal');
    return outcome;
  }

  /**
   * Step one, the subscription locked: nothing (not due, or renewed already), the expiry of a
   * subscription that does not renew itself, or the period's reservation, new or left by an earlier
   * attempt, with the card and customer to charge.
   */
  private async reserve(
    manager: EntityManager,
    subscriptionId: string,
    periodEnd: Date,
  ): Promise<Reservation | { outcome: RenewalOutcome } | null> {
    const subscription = await this.renewals.lockSubscription(manager, subscriptionId);
    const now = this.clock.now();
    if (
      subscription?.status !== 'ACTIVE' ||
      subscription.nextPaymentDate.getTime() !== periodEnd.getTime() ||
      periodEnd > now
    )
      return null;
    const existing = await this.renewals.findRenewal(manager, subscription.id, subscription.nextPaymentDate);
    if (existing && existing.outcome !== 'CHARGING') return null;
    const payer = {
      card: await this.cards.findDefault(subscription.userId),
      customer: await this.renewals.customer(manager, subscription.userId),
    };
    if (existing) {
      const invoice = existing.invoiceId
        ? await this.renewals.findInvoice(manager, existing.invoiceId)
        : null;
      if (!invoice) throw new Error(`renewal of ${subscription.id} is CHARGING without its invoice`);
      return { subscription, invoice, resumed: true, ...payer };
    }
    if (!subscription.autoRenewal) {
      await this.renewals.recordRenewal(manager, this.row(subscription, 'AUTO_RENEWAL_OFF', null));
      await this.expire(manager, subscription, 'AUTO_RENEWAL_OFF', null, null, now);
      return { outcome: 'AUTO_RENEWAL_OFF' };
    }
    const periodStart = subscription.nextPaymentDate;
    // The ended period's count is final here: metering share-locks the subscription this step holds.
    const usage = await this.renewals.periodUsage(manager, subscription, subscription.periodStart);
    const lines = renewalLines({
      planLabel: `${subscription.mfaType} ${subscription.planName}`,
      basePriceCents: subscription.basePriceCents,
      endedPeriod: { start: subscription.periodStart, end: periodStart },
      newPeriod: { start: periodStart, end: oneMonthAfter(periodStart) },
      textsUsed: usage.texts,
      allowance: usage.allowance,
    });
    const amountCents = totalCents(lines);
    const description = lines.map((line) => line.description).join('; ');
    const issued = await this.renewals.insertInvoice(manager, {
      userId: subscription.userId,
      subscriptionId: subscription.id,
      amountCents,
      description,
      invoiceDate: now,
    });
    await this.renewals.insertLines(manager, issued.id, lines);
    await this.renewals.recordRenewal(manager, this.row(subscription, 'CHARGING', issued.id));
    return {
      subscription,
      invoice: { ...issued, amountCents, description, invoiceDate: now },
      resumed: false,
      ...payer,
    };
  }

  /** Step two, outside any transaction: the charge of the reserved invoice, or why there is none. */
  private async chargeReserved(reserved: Reservation): Promise<Charged> {
    const { subscription, invoice, card, customer } = reserved;
    if (!card || !customer) return { failure: { outcome: 'NO_CARD', message: 'No saved card to charge' } };
    if (invoice.amountCents === 0) return { paymentIntentId: null, cardId: card.id };
    if (reserved.resumed) {
      // An earlier attempt may have charged it and lost the answer (or died before writing it down).
      const earlier = await this.payments.findCharge({
        customerId: customer.stripeCustomerId,
        invoiceId: invoice.id,
      });
      if (earlier) return { paymentIntentId: earlier.id, cardId: card.id };
    }
    try {
      const intent = await this.payments.chargeOffSession({
        amountCents: invoice.amountCents,
        customerId: customer.stripeCustomerId,
        paymentMethodId: card.id,
        description: `MultiMFA invoice ${invoice.invoiceNo}`,
        metadata: { invoiceId: invoice.id, invoiceNo: invoice.invoiceNo, subscriptionId: subscription.id },
        idempotencyKey: renewalPaymentKey(subscription.id, subscription.nextPaymentDate),
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

  /**
   * Step three, the subscription locked again: the charge's outcome written once (another worker that
   * finished the same reservation first leaves nothing to do): the invoice PAID and the period moved,
   * or the invoice left UNPAID and the subscription expired.
   */
  private async finish(
    manager: EntityManager,
    reserved: Reservation,
    charged: Charged,
  ): Promise<RenewalOutcome | null> {
    const { invoice } = reserved;
    const subscription = await this.renewals.lockSubscription(manager, reserved.subscription.id);
    const periodStart = reserved.subscription.nextPaymentDate;
    const renewal = await this.renewals.findRenewal(manager, reserved.subscription.id, periodStart);
    if (!subscription || renewal?.outcome !== 'CHARGING') return null;
    const now = this.clock.now();
    const periodEnd = oneMonthAfter(periodStart);
    const issued = {
      invoiceId: invoice.id,
      invoiceNo: invoice.invoiceNo,
      userId: subscription.userId,
      subscriptionId: subscription.id,
      amountCents: invoice.amountCents,
      currency: 'usd' as const,
      description: invoice.description,
      invoiceDate: invoice.invoiceDate.toISOString(),
    };
    if ('failure' in charged) {
      const { failure } = charged;
      await this.renewals.finishRenewal(
        manager,
        this.row(reserved.subscription, failure.outcome, invoice.id),
      );
      await this.renewals.recordInvoiceFailure(manager, invoice.id, failure.message);
      await this.outbox.publish(manager, invoiceIssued, { ...issued, status: 'UNPAID' });
      await this.expire(manager, subscription, failure.outcome, invoice, failure.message, now);
      return failure.outcome;
    }
    await this.renewals.finishRenewal(manager, this.row(reserved.subscription, 'RENEWED', invoice.id));
    await this.renewals.markInvoicePaid(manager, invoice.id, {
      paidAt: now,
      paymentIntentId: charged.paymentIntentId,
      cardId: charged.cardId,
    });
    await this.renewals.updateSubscription(manager, subscription.id, {
      periodStart,
      nextPaymentDate: periodEnd,
    });
    await this.outbox.publish(manager, invoiceIssued, { ...issued, status: 'PAID' });
    await this.outbox.publish(manager, invoicePaid, {
      ...issued,
      paymentIntentId: charged.paymentIntentId,
      cardId: charged.cardId,
      paidAt: now.toISOString(),
    });
    await this.outbox.publish(manager, subscriptionRenewed, {
      subscriptionId: subscription.id,
      userId: subscription.userId,
      mfaId: subscription.mfaId,
      MFAType: subscription.mfaType,
      periodStart: periodStart.toISOString(),
      nextPaymentDate: periodEnd.toISOString(),
      invoiceId: invoice.id,
      invoiceNo: invoice.invoiceNo,
      amountCents: invoice.amountCents,
      reactivated: false,
      renewedAt: now.toISOString(),
    });
    return 'RENEWED';
  }

  /**
   * Reactivates the expired subscription whose latest renewal issued this invoice, now paid: a new
   * month starts at the payment. Runs in the transaction that marked the invoice PAID.
   */
  async afterInvoicePaid(
    manager: EntityManager,
    invoice: Pick<Invoice, 'id' | 'subscriptionId'>,
    paidAt: Date,
  ): Promise<void> {
    const renewal = await this.renewals.findByInvoice(manager, invoice.id);
    if (!renewal) return;
    const subscription = await this.renewals.lockSubscription(manager, invoice.subscriptionId);
    if (subscription?.status !== 'EXPIRED') return;
    const latest = await this.renewals.latest(manager, subscription.id);
    if (latest?.invoiceId !== invoice.id) return;
    const nextPaymentDate = oneMonthAfter(paidAt);
    await this.renewals.updateSubscription(manager, subscription.id, {
      status: 'ACTIVE',
      periodStart: paidAt,
      nextPaymentDate,
    });
    const paid = await this.renewals.findInvoice(manager, invoice.id);
    await this.outbox.publish(manager, subscriptionRenewed, {
      subscriptionId: subscription.id,
      userId: subscription.userId,
      mfaId: subscription.mfaId,
      MFAType: subscription.mfaType,
      periodStart: paidAt.toISOString(),
      nextPaymentDate: nextPaymentDate.toISOString(),
      invoiceId: invoice.id,
      invoiceNo: paid?.invoiceNo ?? '',
      amountCents: paid?.amountCents ?? 0,
      reactivated: true,
      renewedAt: paidAt.toISOString(),
    });
    this.logger.info({ subscriptionId: subscription.id, invoiceId: invoice.id }, 'subscription reactivated');
  }

  private row(subscription: Subscription, outcome: RenewalState, invoiceId: string | null) {
    return { subscriptionId: subscription.id, periodStart: subscription.nextPaymentDate, outcome, invoiceId };
  }

  private async expire(
    manager: EntityManager,
    subscription: Subscription,
    reason: Exclude<RenewalOutcome, 'RENEWED'>,
    invoice: { id: string; invoiceNo: string; amountCents: number } | null,
    message: string | null,
    now: Date,
  ): Promise<void> {
    await this.renewals.updateSubscription(manager, subscription.id, { status: 'EXPIRED' });
    const customer = await this.renewals.customer(manager, subscription.userId);
    await this.outbox.publish(manager, subscriptionExpired, {
      subscriptionId: subscription.id,
      userId: subscription.userId,
      mfaId: subscription.mfaId,
      MFAType: subscription.mfaType,
      planName: subscription.planName,
      reason,
      invoiceId: invoice?.id ?? null,
      invoiceNo: invoice?.invoiceNo ?? null,
      amountCents: invoice?.amountCents ?? null,
      message,
      emailAddress: customer?.emailAddress ?? null,
      expiredAt: now.toISOString(),
    });
  }
}
