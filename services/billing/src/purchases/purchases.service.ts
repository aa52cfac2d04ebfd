import { randomUUID } from 'node:crypto';
import { Outbox } from '@multimfa/event-bus';
import { invoiceIssued, invoicePaid, type PurchaseCompleted, purchaseCompleted } from '@multimfa/events';
import type { CompletePurchaseRequest } from '@multimfa/service-contracts/billing';
import { Clock, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CardsService } from '../cards/cards.service.js';
import { dollars } from '../discounts/discount-amounts.rules.js';
import { DiscountsRepository } from '../discounts/discounts.repository.js';
import { PaymentsProvider, type ProviderPaymentIntent } from '../stripe/payments-provider.port.js';
import { UsageSettlementsRepository } from '../usage/usage-settlements.repository.js';
import { WaitlistOffersRepository } from '../waitlist-offers/waitlist-offers.repository.js';
import { oneMonthAfter } from './billing-period.rules.js';
import type { Checkout } from './checkout.entity.js';
import {
  discountUsedUpAtPayment,
  mfaNotFound,
  paymentIncomplete,
  paymentMismatch,
  purchaseNotFound,
  waitlistOfferUsedAtPayment,
} from './purchases.errors.js';
import { PurchasesRepository } from './purchases.repository.js';
import type { Subscription } from './subscription.entity.js';

/** A Stripe event whose handling is recorded with the completion it caused. */
export interface HandledEvent {
  id: string;
  type: string;
}

type Outcome =
  | { kind: 'completed'; purchase: PurchaseCompleted }
  | { kind: 'refunded' }
  | { kind: 'discount-used-up' }
  | { kind: 'event-seen' };

/**
 * Completes a checkout exactly once, whichever of the browser's return and Stripe's webhook comes
 * first: the payment is verified with Stripe, then one transaction locks the checkout, takes the
 * discount's use, writes payment, invoice and subscription, and publishes the purchase. Whoever comes
 * second finds the checkout completed and answers the same purchase.
 */
@Injectable()
export class PurchasesService {
  constructor(
    @Inject(PurchasesRepository) private readonly purchases: PurchasesRepository,
    @Inject(DiscountsRepository) private readonly discounts: DiscountsRepository,
    @Inject(PaymentsProvider) private readonly payments: PaymentsProvider,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(WaitlistOffersRepository) private readonly offers: WaitlistOffersRepository,
    @Inject(CardsService) private readonly cards: CardsService,
    @Inject(UsageSettlementsRepository) private readonly settlements: UsageSettlementsRepository,
  ) {}

  /** The browser's return: the user's own checkout, by its PaymentIntent or (nothing to pay) its id. */
  async complete(userId: string, request: CompletePurchaseRequest): Promise<PurchaseCompleted> {
    const checkout = request.paymentIntentId
      ? await this.purchases.findCheckoutByPaymentIntent(request.paymentIntentId)
      : await this.purchases.findCheckout(request.checkoutId ?? '');
    if (!checkout || checkout.userId !== userId) throw purchaseNotFound();
    if (request.checkoutId && checkout.id !== request.checkoutId) throw purchaseNotFound();
    const outcome = await this.completeCheckout(checkout, null);
    if (outcome.kind === 'completed') return outcome.purchase;
    // A checkout priced with the offer always has something to pay (80% of a plan), so it is refunded.
    if (checkout.waitlistOfferAddress) throw waitlistOfferUsedAtPayment();
    throw discountUsedUpAtPayment(outcome.kind === 'refunded');
  }

  /**
   * Stripe said this PaymentIntent succeeded (a verified webhook event): completes its checkout, and
   * records the event with it so a redelivery does nothing. False when the intent is not one of ours.
   */
  async completeFromEvent(
    event: HandledEvent,
    paymentIntentId: string,
    checkoutId: string,
  ): Promise<boolean> {
    const checkout = await this.purchases.findCheckout(checkoutId);
    if (!checkout || checkout.paymentIntentId !== paymentIntentId) return false;
    await this.completeCheckout(checkout, event);
    return true;
  }

  private async completeCheckout(checkout: Checkout, event: HandledEvent | null): Promise<Outcome> {
    if (checkout.status === 'COMPLETED' && checkout.purchase) {
      return { kind: 'completed', purchase: checkout.purchase };
    }
    if (checkout.status === 'REFUNDED') {
      await this.refund(checkout);
      return { kind: 'refunded' };
    }
    const intent = await this.verifyPayment(checkout);
    // Before the completion, so a failure is retried with it (the webhook's redelivery, the browser).
    if (intent?.paymentMethodId && checkout.stripeCustomerId) {
      await this.cards.savePaidCard(checkout.userId, checkout.stripeCustomerId, intent.paymentMethodId);
    }
    const outcome = await this.purchases.transaction(async (manager) => {
      const locked = await this.purchases.lockCheckout(manager, checkout.id);
      if (!locked) throw purchaseNotFound();
      const firstDelivery = event ? await this.purchases.recordStripeEvent(manager, event) : true;
      if (locked.status === 'COMPLETED' && locked.purchase) {
        return { kind: 'completed', purchase: locked.purchase } as const;
      }
      if (locked.status === 'REFUNDED') return { kind: 'refunded' } as const;
      if (!firstDelivery) return { kind: 'event-seen' } as const;
      if (!(await this.takeReduction(manager, locked))) {
        if (locked.amountCents === 0) return { kind: 'discount-used-up' } as const;
        await this.purchases.markRefunded(manager, locked.id);
        return { kind: 'refunded' } as const;
      }
      return { kind: 'completed', purchase: await this.fulfil(manager, locked) } as const;
    });
    if (outcome.kind === 'refunded') await this.refund(checkout);
    return outcome;
  }

  /**
   * Takes the discount code's use or the waitlist offer the checkout was priced with, in the completion's
   * transaction: false when it was used up meanwhile (the offer is redeemed by one checkout only).
   */
  private async takeReduction(manager: EntityManager, checkout: Checkout): Promise<boolean> {
    if (checkout.discountId) return this.discounts.consume(manager, checkout.discountId);
    if (checkout.waitlistOfferAddress) {
      return this.offers.redeem(manager, checkout.waitlistOfferAddress, checkout.id, this.clock.now());
    }
    return true;
  }

  /**
   * The PaymentIntent succeeded for exactly this checkout: its amount, currency, customer and metadata.
   * Answers it (nothing when there was nothing to pay).
   */
  private async verifyPayment(checkout: Checkout): Promise<ProviderPaymentIntent | undefined> {
    if (checkout.amountCents === 0) return undefined;
    if (!checkout.paymentIntentId) throw paymentIncomplete();
    const intent = await this.payments.retrievePaymentIntent(checkout.paymentIntentId);
    if (!intent) throw purchaseNotFound();
    const matches =
      intent.amountCents === checkout.amountCents &&
      intent.currency === checkout.currency &&
      intent.customerId === checkout.stripeCustomerId &&
      intent.metadata.checkoutId === checkout.id &&
      intent.metadata.userId === checkout.userId;
    if (!matches) {
      this.logger.error(
        { checkoutId: checkout.id, paymentIntentId: intent.id },
        'a PaymentIntent does not match its checkout',
      );
      throw paymentMismatch();
    }
    if (intent.status !== 'succeeded') throw paymentIncomplete();
    return intent;
  }

  /** The refund of a payment whose discount was used up meanwhile; idempotent, so retried safely. */
  private async refund(checkout: Checkout): Promise<void> {
    if (!checkout.paymentIntentId) return;
    await this.payments.refundPaymentIntent({
      paymentIntentId: checkout.paymentIntentId,
      idempotencyKey: `refund-${checkout.id}`,
    });
    this.logger.warn({ checkoutId: checkout.id }, 'payment refunded: its discount was used up');
  }

  /**
   * A plan change ends the running period now (a new one starts with the new plan): the texts over the
   * old plan's allowance in the part before the change are invoiced on their own, from now on (the
   * renewal sweep settles them off-session). An expired subscription's period was settled when it
   * expired.
   */
  private async settlePartPeriod(manager: EntityManager, checkout: Checkout, now: Date): Promise<void> {
    const held = await this.purchases.lockSubscription(manager, {
      userId: checkout.userId,
      mfaId: checkout.mfaId,
    });
    if (held?.status !== 'ACTIVE') return;
    const periodEnd = now < held.nextPaymentDate ? now : held.nextPaymentDate;
    await this.settlements.schedule(manager, [held.id], 'PLAN_CHANGED', periodEnd);
  }

  /** Payment, PAID invoice, the subscription created or changed, the checkout completed, the event. */
  private async fulfil(manager: EntityManager, checkout: Checkout): Promise<PurchaseCompleted> {
    const now = this.clock.now();
    const period = { periodStart: now, nextPaymentDate: oneMonthAfter(now) };
    const plan = {
      planId: checkout.planId,
      planName: checkout.planName,
      basePriceCents: checkout.actualAmountCents,
      noOfUsers: checkout.noOfUsers,
    };
    let subscription: Subscription | null;
    if (checkout.action === 'UPGRADE') {
      await this.settlePartPeriod(manager, checkout, now);
      subscription = await this.purchases.changePlan(
        manager,
        { userId: checkout.userId, mfaId: checkout.mfaId },
        { ...plan, ...period },
      );
      if (!subscription) throw mfaNotFound();
    } else {
      subscription = await this.purchases.insertSubscription(manager, {
        id: randomUUID(),
        userId: checkout.userId,
        mfaId: checkout.mfaId,
        mfaType: checkout.mfaType,
        ...plan,
        ...period,
        status: 'ACTIVE',
        autoRenewal: true,
      });
    }
    if (checkout.paymentIntentId && checkout.amountCents > 0) {
      await this.purchases.insertPayment(manager, {
        checkoutId: checkout.id,
        userId: checkout.userId,
        paymentIntentId: checkout.paymentIntentId,
        amountCents: checkout.amountCents,
        currency: checkout.currency,
        paidAt: now,
      });
    }
    const description = `${checkout.mfaType} ${checkout.planName} plan${checkout.action === 'UPGRADE' ? ' (plan change)' : ''}, one month`;
    const invoice = await this.purchases.insertInvoice(manager, {
      userId: checkout.userId,
      subscriptionId: subscription.id,
      checkoutId: checkout.id,
      amountCents: checkout.amountCents,
      description,
      status: 'PAID',
      invoiceDate: now,
      paidAt: now,
    });
    const invoiceFacts = {
      invoiceId: invoice.id,
      invoiceNo: invoice.invoiceNo,
      userId: checkout.userId,
      subscriptionId: subscription.id,
      amountCents: checkout.amountCents,
      currency: 'usd' as const,
    };
    await this.outbox.publish(manager, invoiceIssued, {
      ...invoiceFacts,
      description,
      status: 'PAID',
      invoiceDate: now.toISOString(),
    });
    await this.outbox.publish(manager, invoicePaid, {
      ...invoiceFacts,
      paymentIntentId: checkout.amountCents > 0 ? checkout.paymentIntentId : null,
      cardId: null,
      paidAt: now.toISOString(),
    });
    const purchase: PurchaseCompleted = {
      purchaseId: checkout.id,
      userId: checkout.userId,
      MFAType: checkout.mfaType,
      action: checkout.action,
      mfaId: checkout.mfaId,
      draft:
        checkout.action === 'CREATE'
          ? {
              name: checkout.draftName ?? '',
              description: checkout.draftDescription ?? '',
              countryId: checkout.draftCountryId ?? 0,
            }
          : null,
      plan: {
        planId: plan.planId,
        planName: plan.planName,
        basePrice: dollars(plan.basePriceCents),
        noOfUsers: plan.noOfUsers,
      },
      subscriptionId: subscription.id,
      periodStart: subscription.periodStart.toISOString(),
      nextPaymentDate: subscription.nextPaymentDate.toISOString(),
      autoRenewal: subscription.autoRenewal,
      paymentIntentId: checkout.amountCents > 0 ? checkout.paymentIntentId : null,
      amountPaidCents: checkout.amountCents,
      discountId: checkout.discountId,
      completedAt: now.toISOString(),
    };
    await this.purchases.markCompleted(manager, checkout.id, purchase);
    await this.outbox.publish(manager, purchaseCompleted, purchase);
    return purchase;
  }
}
