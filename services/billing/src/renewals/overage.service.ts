import { Outbox } from '@multimfa/event-bus';
import { invoiceIssued, invoicePaid } from '@multimfa/events';
import { Clock, currentCorrelationId, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CardsRepository } from '../cards/cards.repository.js';
import type { Invoice } from '../purchases/invoice.entity.js';
import { RenewalsQueue } from '../queue/renewals.queue.js';
import { UsageRepository } from '../usage/usage.repository.js';
import { overageDescription, overageInvoiced, overageLines, totalCents } from '../usage/usage.rules.js';
import { type SettlementKey, UsageSettlementsRepository } from '../usage/usage-settlements.repository.js';
import { type InvoiceCharge, InvoiceChargeService } from './invoice-charge.service.js';
import { RenewalsRepository } from './renewals.repository.js';
import { SWEEP_BATCH } from './renewals.service.js';

/**
 * How a period's overage invoice ended: nothing over the allowance, or less than a card can be charged
 * (no invoice either way), PAID, or left UNPAID (no card, declined, authentication asked, or
 * NOT_CHARGED: the owner is deactivated or deleted).
 */
export type OverageOutcome =
  | 'NOTHING_OVER'
  | 'BELOW_MINIMUM'
  | 'PAID'
  | 'NOT_CHARGED'
  | 'NO_CARD'
  | 'PAYMENT_DECLINED'
  | 'AUTHENTICATION_REQUIRED';

/** The Stripe idempotency key of a period's overage charge: every retry of it charges once. */
export function overagePaymentKey(subscriptionId: string, periodStart: Date): string {
  return `overage-${subscriptionId}-${periodStart.getTime()}`;
}

/** A period's overage invoice reserved (committed UNPAID, the settlement CHARGING), and who pays it. */
interface Reservation {
  key: SettlementKey;
  userId: string;
  invoice: Pick<Invoice, 'id' | 'invoiceNo' | 'amountCents' | 'description' | 'invoiceDate'>;
  /** Reserved by an earlier attempt whose charge's outcome was not written. */
  resumed: boolean;
  card: { id: string } | null;
  customer: { stripeCustomerId: string } | null;
}

/**
 * Texts over the allowance are invoiced at the end of their period whatever became of the
 * subscription. A renewal carries them on its own invoice; when none does (auto-renewal off or an
 * owner billing may not charge at the payment date, an MFA or owner deleted mid-period, a plan changed
 * mid-period) the period's settlement was scheduled, and once its end has come the renewal sweep
 * queues it (one BullMQ job per subscription and period) and this service invoices the texts over the
 * allowance the period actually had, alone, and charges the default card off-session. As a renewal,
 * in three steps so the charge happens once whatever fails around it: the invoice is reserved
 * (committed UNPAID, the settlement CHARGING); the card is charged with that invoice's amount and the
 * period's idempotency key (a retry asks Stripe first whether it charged it already); the outcome is
 * written. The settlement's key (subscription, period) is unique, so a period is billed once.
 */
@Injectable()
export class OverageService {
  constructor(
    @Inject(RenewalsRepository) private readonly renewals: RenewalsRepository,
    @Inject(UsageSettlementsRepository) private readonly settlements: UsageSettlementsRepository,
    @Inject(UsageRepository) private readonly usage: UsageRepository,
    @Inject(CardsRepository) private readonly cards: CardsRepository,
    @Inject(InvoiceChargeService) private readonly charges: InvoiceChargeService,
    @Inject(RenewalsQueue) private readonly queue: RenewalsQueue,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Queues the overage invoice of every settlement whose period has ended; answers how many. */
  async sweep(): Promise<number> {
    const due = await this.settlements.due(this.clock.now(), SWEEP_BATCH);
    await this.queue.enqueueOverage(
      due.map((settlement) => ({
        subscriptionId: settlement.subscriptionId,
        periodStart: settlement.periodStart.toISOString(),
        correlationId: currentCorrelationId() ?? `overage-sweep-${Date.now()}`,
      })),
    );
    if (due.length > 0) this.logger.info({ due: due.length }, 'overage invoices queued');
    return due.length;
  }

  /**
   * Invoices and charges the texts over the allowance of the subscription's usage period starting at
   * `periodStart`; null when it is not due yet, or was settled already.
   */
  async settle(subscriptionId: string, periodStart: Date): Promise<OverageOutcome | null> {
    const key = { subscriptionId, periodStart };
    const reserved = await this.renewals.transaction((manager) => this.reserve(manager, key));
    let outcome: OverageOutcome | null;
    if (!reserved || 'outcome' in reserved) outcome = reserved?.outcome ?? null;
    else {
      const charged = await this.charges.charge({
        ...reserved,
        subscriptionId: reserved.key.subscriptionId,
        idempotencyKey: overagePaymentKey(reserved.key.subscriptionId, reserved.key.periodStart),
      });
      outcome = await this.renewals.transaction((manager) => this.finish(manager, reserved, charged));
    }
    this.logger.info({ subscriptionId, periodStart: periodStart.toISOString(), outcome }, 'overage');
    return outcome;
  }

  /**
   * Step one, the subscription then the settlement locked: nothing (not due, settled already),
   * nothing over the allowance, or the reservation, new or left by an earlier attempt.
   */
  private async reserve(
    manager: EntityManager,
    key: SettlementKey,
  ): Promise<Reservation | { outcome: 'NOTHING_OVER' | 'BELOW_MINIMUM' } | null> {
    const subscription = await this.renewals.lockSubscription(manager, key.subscriptionId);
    const settlement = subscription ? await this.settlements.lock(manager, key) : null;
    const now = this.clock.now();
    if (!subscription || !settlement || settlement.periodEnd > now) return null;
    const payer = {
      card: await this.cards.findDefault(subscription.userId),
      customer: await this.renewals.customer(manager, subscription.userId),
    };
    if (settlement.state === 'CHARGING') {
      const invoice = settlement.invoiceId
        ? await this.renewals.findInvoice(manager, settlement.invoiceId)
        : null;
      if (!invoice) throw new Error(`overage of ${key.subscriptionId} is CHARGING without its invoice`);
      return { key, userId: subscription.userId, invoice, resumed: true, ...payer };
    }
    if (settlement.state !== 'PENDING') return null;
    // The period's count is final here: metering share-locks the subscription this step holds.
    const texts = await this.usage.texts(manager, key.subscriptionId, key.periodStart);
    const lines = overageLines({
      period: { start: settlement.periodStart, end: settlement.periodEnd },
      textsUsed: texts,
      allowance: {
        textsPerMonth: settlement.textsPerMonth,
        extraTextPriceCents: settlement.extraTextPriceCents,
      },
    });
    const invoiced = overageInvoiced(lines);
    if (invoiced !== 'INVOICE') {
      await this.settlements.update(manager, key, { state: invoiced });
      return { outcome: invoiced };
    }
    const amountCents = totalCents(lines);
    const description = overageDescription(settlement.planLabel, lines);
    const issued = await this.renewals.insertInvoice(manager, {
      userId: subscription.userId,
      subscriptionId: subscription.id,
      amountCents,
      description,
      invoiceDate: now,
    });
    await this.renewals.insertLines(manager, issued.id, lines);
    await this.settlements.update(manager, key, { state: 'CHARGING', invoiceId: issued.id });
    return {
      key,
      userId: subscription.userId,
      invoice: { ...issued, amountCents, description, invoiceDate: now },
      resumed: false,
      ...payer,
    };
  }

  /**
   * Step three, locked again: the charge's outcome written once (another worker that finished the
   * same reservation first leaves nothing to do): the invoice PAID, or left UNPAID with the reason,
   * payable from Invoice Management. The subscription itself is not touched.
   */
  private async finish(
    manager: EntityManager,
    reserved: Reservation,
    charged: InvoiceCharge,
  ): Promise<OverageOutcome | null> {
    const { key, invoice } = reserved;
    await this.renewals.lockSubscription(manager, key.subscriptionId);
    const settlement = await this.settlements.lock(manager, key);
    if (settlement?.state !== 'CHARGING' || settlement.invoiceId !== invoice.id) return null;
    const now = this.clock.now();
    const issued = {
      invoiceId: invoice.id,
      invoiceNo: invoice.invoiceNo,
      userId: reserved.userId,
      subscriptionId: key.subscriptionId,
      amountCents: invoice.amountCents,
      currency: 'usd' as const,
      description: invoice.description,
      invoiceDate: invoice.invoiceDate.toISOString(),
    };
    await this.settlements.update(manager, key, { state: 'INVOICED' });
    if ('failure' in charged) {
      await this.renewals.recordInvoiceFailure(manager, invoice.id, charged.failure.message);
      await this.outbox.publish(manager, invoiceIssued, { ...issued, status: 'UNPAID' });
      return charged.failure.outcome === 'OWNER_INACTIVE' ? 'NOT_CHARGED' : charged.failure.outcome;
    }
    await this.renewals.markInvoicePaid(manager, invoice.id, {
      paidAt: now,
      paymentIntentId: charged.paymentIntentId,
      cardId: charged.cardId,
    });
    await this.outbox.publish(manager, invoiceIssued, { ...issued, status: 'PAID' });
    await this.outbox.publish(manager, invoicePaid, {
      ...issued,
      paymentIntentId: charged.paymentIntentId,
      cardId: charged.cardId,
      paidAt: now.toISOString(),
    });
    return 'PAID';
  }
}
