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
import type { RenewalOutcome } from './renewal.entity.js';
import { INVOICE_AUTHENTICATION_MESSAGE } from './renewals.errors.js';
import { RenewalsRepository } from './renewals.repository.js';

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
   * that period was renewed already or the subscription is no longer due.
   */
  async renew(subscriptionId: string, periodEnd: Date): Promise<RenewalOutcome | null> {
    const outcome = await this.renewals.transaction(async (manager): Promise<RenewalOutcome | null> => {
      const subscription = await this.renewals.lockSubscription(manager, subscriptionId);
      const now = this.clock.now();
      if (
        subscription?.status !== 'ACTIVE' ||
        subscription.nextPaymentDate.getTime() !== periodEnd.getTime() ||
        periodEnd > now
      )
        return null;
      if (!subscription.autoRenewal) {
        if (!(await this.renewals.recordRenewal(manager, this.row(subscription, 'AUTO_RENEWAL_OFF', null))))
          return null;
        await this.expire(manager, subscription, 'AUTO_RENEWAL_OFF', null, null, now);
        return 'AUTO_RENEWAL_OFF';
      }
      return this.charge(manager, subscription, now);
    });
    this.logger.info({ subscriptionId, periodEnd: periodEnd.toISOString(), outcome }, 'renewal');
    return outcome;
  }

  private async charge(
    manager: EntityManager,
    subscription: Subscription,
    now: Date,
  ): Promise<RenewalOutcome | null> {
    const periodStart = subscription.nextPaymentDate;
    const periodEnd = oneMonthAfter(periodStart);
    if (!(await this.renewals.recordRenewal(manager, this.row(subscription, 'RENEWED', null)))) return null;
    // The ended period's count is final here: metering share-locks the subscription this renewal holds.
    const usage = await this.renewals.periodUsage(manager, subscription, subscription.periodStart);
    const lines = renewalLines({
      planLabel: `${subscription.mfaType} ${subscription.planName}`,
      basePriceCents: subscription.basePriceCents,
      endedPeriod: { start: subscription.periodStart, end: periodStart },
      newPeriod: { start: periodStart, end: periodEnd },
      textsUsed: usage.texts,
      allowance: usage.allowance,
    });
    const amountCents = totalCents(lines);
    const description = lines.map((line) => line.description).join('; ');
    const invoice = await this.renewals.insertInvoice(manager, {
      userId: subscription.userId,
      subscriptionId: subscription.id,
      amountCents,
      description,
      invoiceDate: now,
    });
    await this.renewals.insertLines(manager, invoice.id, lines);
    const card = await this.cards.findDefault(subscription.userId);
    const customer = await this.renewals.customer(manager, subscription.userId);
    let failure: { outcome: Exclude<RenewalOutcome, 'RENEWED'>; message: string } | null = null;
    let paymentIntentId: string | null = null;
    if (!card || !customer) {
      failure = { outcome: 'NO_CARD', message: 'No saved card to charge' };
    } else if (amountCents > 0) {
      try {
        const intent = await this.payments.chargeOffSession({
          amountCents,
          customerId: customer.stripeCustomerId,
          paymentMethodId: card.id,
          description: `MultiMFA invoice ${invoice.invoiceNo}`,
          metadata: { invoiceId: invoice.id, invoiceNo: invoice.invoiceNo, subscriptionId: subscription.id },
          idempotencyKey: renewalPaymentKey(subscription.id, periodStart),
        });
        if (intent.status !== 'succeeded')
          throw new CardRejected('The payment was not completed', intent.status);
        paymentIntentId = intent.id;
      } catch (error) {
        if (error instanceof CardAuthenticationRequired)
          failure = { outcome: 'AUTHENTICATION_REQUIRED', message: INVOICE_AUTHENTICATION_MESSAGE };
        else if (error instanceof CardRejected)
          failure = { outcome: 'PAYMENT_DECLINED', message: error.message };
        else throw error;
      }
    }
    const outcome: RenewalOutcome = failure?.outcome ?? 'RENEWED';
    await this.renewals.finishRenewal(manager, this.row(subscription, outcome, invoice.id));
    const issued = {
      invoiceId: invoice.id,
      invoiceNo: invoice.invoiceNo,
      userId: subscription.userId,
      subscriptionId: subscription.id,
      amountCents,
      currency: 'usd' as const,
      description,
      invoiceDate: now.toISOString(),
    };
    if (failure) {
      await this.renewals.recordInvoiceFailure(manager, invoice.id, failure.message);
      await this.outbox.publish(manager, invoiceIssued, { ...issued, status: 'UNPAID' });
      await this.expire(
        manager,
        subscription,
        failure.outcome,
        { ...invoice, amountCents },
        failure.message,
        now,
      );
      return failure.outcome;
    }
    await this.renewals.markInvoicePaid(manager, invoice.id, {
      paidAt: now,
      paymentIntentId,
      cardId: card?.id ?? '',
    });
    await this.renewals.updateSubscription(manager, subscription.id, {
      periodStart,
      nextPaymentDate: periodEnd,
    });
    await this.outbox.publish(manager, invoiceIssued, { ...issued, status: 'PAID' });
    await this.outbox.publish(manager, invoicePaid, {
      ...issued,
      paymentIntentId,
      cardId: card?.id ?? null,
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
      amountCents,
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

  private row(subscription: Subscription, outcome: RenewalOutcome, invoiceId: string | null) {
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
