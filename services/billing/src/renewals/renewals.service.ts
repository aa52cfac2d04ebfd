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
import { renewalLines, totalCents } from '../usage/usage.rules.js';
import { UsageSettlementsRepository } from '../usage/usage-settlements.repository.js';
import { type InvoiceCharge, InvoiceChargeService } from './invoice-charge.service.js';
import type { RenewalOutcome, RenewalState } from './renewal.entity.js';
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

/** How many due subscriptions one sweep queues (the next sweep, a minute later, takes the rest). */
export const SWEEP_BATCH = 500;

/** The Stripe idempotency key of a period's renewal charge: a retried job charges once. */
export function renewalPaymentKey(subscriptionId: string, periodEnd: Date): string {
  return `renewal-${subscriptionId}-${periodEnd.getTime()}`;
}

/**
 * Auto-renewal. Every minute a sweep queues each active subscription whose payment date has come (one
 * BullMQ job per subscription and period, deterministic id); the job renews it: the default saved card
 * is charged off-session for the plan's price plus the ended period's texts over the allowance, and the
 * period moves one month, or, with no card, a refusal or auto-renewal off, the subscription expires (an
 * UNPAID invoice when it was to be charged). A subscription whose owner is deactivated (or deleted) is
 * never charged: it expires as with auto-renewal off. When no renewal carries the ended period's texts
 * over the allowance, they are scheduled for an overage invoice of their own (`OverageService`).
 * The subscription row is locked for the whole renewal and the (subscription, period) renewal row is
 * unique, so however many workers run it at once the period is charged once; the Stripe idempotency
 * key is the period's, so a retry after a lost answer charges once too.
 */
@Injectable()
export class RenewalsService {
  constructor(
    @Inject(RenewalsRepository) private readonly renewals: RenewalsRepository,
    @Inject(CardsRepository) private readonly cards: CardsRepository,
    @Inject(InvoiceChargeService) private readonly charges: InvoiceChargeService,
    @Inject(RenewalsQueue) private readonly queue: RenewalsQueue,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(UsageSettlementsRepository) private readonly settlements: UsageSettlementsRepository,
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
      const charged = await this.charges.charge({
        invoice: reserved.invoice,
        subscriptionId: reserved.subscription.id,
        userId: reserved.subscription.userId,
        resumed: reserved.resumed,
        card: reserved.card,
        customer: reserved.customer,
        idempotencyKey: renewalPaymentKey(reserved.subscription.id, reserved.subscription.nextPaymentDate),
      });
      outcome = await this.renewals.transaction((manager) => this.finish(manager, reserved, charged));
    }
    this.logger.info({ subscriptionId, periodEnd: periodEnd.toISOString(), outcome }, 'renewal');
    return outcome;
  }

  /**
   * Step one, the subscription locked: nothing (not due, or renewed already), the expiry of a
   * subscription that does not renew itself (auto-renewal off, or an owner billing may not charge),
   * or the period's reservation, new or left by an earlier attempt, with the card and customer to
   * charge. A new reservation claims the ended period's usage for its invoice.
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
    if (!subscription.autoRenewal || !(await this.renewals.ownerMayBeCharged(manager, subscription.userId))) {
      await this.renewals.recordRenewal(manager, this.row(subscription, 'AUTO_RENEWAL_OFF', null));
      await this.expire(manager, subscription, 'AUTO_RENEWAL_OFF', null, null, now);
      // No renewal invoice carries the ended period's texts over the allowance: they get their own.
      await this.settlements.schedule(manager, [subscription.id], 'NOT_RENEWED', 'payment-date');
      return { outcome: 'AUTO_RENEWAL_OFF' };
    }
    const periodStart = subscription.nextPaymentDate;
    const planLabel = `${subscription.mfaType} ${subscription.planName}`;
    // The ended period's count is final here: metering share-locks the subscription this step holds.
    const usage = await this.renewals.periodUsage(manager, subscription, subscription.periodStart);
    // Billed here unless some other path claimed the period's usage already (never twice).
    const claimed = await this.settlements.claimForRenewal(manager, {
      subscriptionId: subscription.id,
      periodStart: subscription.periodStart,
      periodEnd: periodStart,
      planLabel,
      allowance: usage.allowance,
    });
    const lines = renewalLines({
      planLabel,
      basePriceCents: subscription.basePriceCents,
      endedPeriod: { start: subscription.periodStart, end: periodStart },
      newPeriod: { start: periodStart, end: oneMonthAfter(periodStart) },
      textsUsed: claimed ? usage.texts : 0,
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
    if (claimed)
      await this.settlements.update(
        manager,
        { subscriptionId: subscription.id, periodStart: subscription.periodStart },
        { state: 'IN_RENEWAL', invoiceId: issued.id },
      );
    await this.renewals.recordRenewal(manager, this.row(subscription, 'CHARGING', issued.id));
    return {
      subscription,
      invoice: { ...issued, amountCents, description, invoiceDate: now },
      resumed: false,
      ...payer,
    };
  }

  /**
   * Step three, the subscription locked again: the charge's outcome written once (another worker that
   * finished the same reservation first leaves nothing to do): the invoice PAID and the period moved,
   * or the invoice left UNPAID and the subscription expired.
   */
  private async finish(
    manager: EntityManager,
    reserved: Reservation,
    charged: InvoiceCharge,
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
      // An owner billing may no longer charge: the subscription expires as with auto-renewal off.
      const failure = {
        ...charged.failure,
        outcome:
          charged.failure.outcome === 'OWNER_INACTIVE'
            ? ('AUTO_RENEWAL_OFF' as const)
            : charged.failure.outcome,
      };
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
