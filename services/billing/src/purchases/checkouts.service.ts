import { randomUUID } from 'node:crypto';
import type { CheckoutAnswer, CheckoutQuote, CheckoutRequest } from '@multimfa/service-contracts/billing';
import { Clock, DomainError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { CustomersService } from '../customers/customers.service.js';
import { type Amounts, dollars } from '../discounts/discount-amounts.rules.js';
import { DiscountsService, unknownPlan } from '../discounts/discounts.service.js';
import type { Plan } from '../plans/plan.entity.js';
import { PlansRepository } from '../plans/plans.repository.js';
import { PaymentsProvider } from '../stripe/payments-provider.port.js';
import { bestOf, offerApplies } from '../waitlist-offers/waitlist-offer-pricing.rules.js';
import { WaitlistOffersRepository } from '../waitlist-offers/waitlist-offers.repository.js';
import { mfaNotFound } from './purchases.errors.js';
import { type NewCheckout, PurchasesRepository } from './purchases.repository.js';

/** What a new MFA's draft lacks, in the create forms' words. */
function draftOf(request: CheckoutRequest) {
  if (!request.name) {
    throw new DomainError(
      'NAME_REQUIRED',
      request.MFAType === 'RoboMFA'
        ? 'Please provide name for your RoboMFA'
        : 'Please provide name for your MFA',
    );
  }
  if (!request.countryId) throw new DomainError('COUNTRY_REQUIRED', 'Please select Country');
  return { name: request.name, description: request.description ?? '', countryId: request.countryId };
}

/**
 * Create-intent: records what is being bought (a checkout) with the amounts computed here from the
 * catalogue and the discount, and opens the card payment for it (none when nothing is left to pay).
 */
@Injectable()
export class CheckoutsService {
  constructor(
    @Inject(PurchasesRepository) private readonly purchases: PurchasesRepository,
    @Inject(PlansRepository) private readonly plans: PlansRepository,
    @Inject(DiscountsService) private readonly discounts: DiscountsService,
    @Inject(CustomersService) private readonly customers: CustomersService,
    @Inject(PaymentsProvider) private readonly payments: PaymentsProvider,
    @Inject(WaitlistOffersRepository) private readonly offers: WaitlistOffersRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async create(userId: string, request: CheckoutRequest): Promise<CheckoutAnswer> {
    const plan = await this.plans.findActive(request.planId, request.MFAType);
    if (!plan) throw unknownPlan();
    const id = randomUUID();
    const target = await this.target(userId, request, plan.id);
    // The first checkout makes the user's Stripe customer.
    const { stripeCustomerId } = await this.customers.ensure(userId);
    const { amounts, offer } = await this.price(userId, plan, target.action, request.discountId);
    const offerUsed = offer !== null;
    const checkout: NewCheckout = {
      id,
      userId,
      stripeCustomerId,
      mfaType: plan.mfaType,
      ...target,
      planId: plan.id,
      planName: plan.name,
      noOfUsers: plan.noOfUsers,
      discountId: offerUsed ? null : (request.discountId ?? null),
      waitlistOfferAddress: offer?.emailAddress ?? null,
      actualAmountCents: amounts.actualCents,
      discountAmountCents: amounts.discountCents,
      amountCents: amounts.payableCents,
      currency: 'usd',
    };
    await this.purchases.insertCheckout(checkout);
    const answer = {
      checkoutId: id,
      amountCents: amounts.payableCents,
      actualAmount: dollars(amounts.actualCents),
      discountedAmount: dollars(amounts.discountCents),
      payableAmount: dollars(amounts.payableCents),
      waitlistOffer: offerUsed,
    };
    if (amounts.payableCents === 0) {
      return { ...answer, requiresPayment: false, paymentIntentId: null, clientSecret: null };
    }
    const intent = await this.payments.createPaymentIntent({
      amountCents: amounts.payableCents,
      customerId: stripeCustomerId,
      metadata: { checkoutId: id, userId },
      description: `${plan.mfaType} ${plan.name} plan, first month`,
      idempotencyKey: `checkout-${id}`,
    });
    await this.purchases.setPaymentIntent(id, intent.id);
    return {
      ...answer,
      requiresPayment: true,
      paymentIntentId: intent.id,
      clientSecret: intent.clientSecret,
    };
  }

  /** What create would charge for this request now, computed the same way; records nothing. */
  async quote(userId: string, request: CheckoutRequest): Promise<CheckoutQuote> {
    const plan = await this.plans.findActive(request.planId, request.MFAType);
    if (!plan) throw unknownPlan();
    if (request.upgradeMfaId) await this.upgraded(userId, request, request.upgradeMfaId);
    const action = request.upgradeMfaId ? 'UPGRADE' : 'CREATE';
    const { amounts, offer } = await this.price(userId, plan, action, request.discountId);
    return {
      actualAmount: dollars(amounts.actualCents),
      discountedAmount: dollars(amounts.discountCents),
      payableAmount: dollars(amounts.payableCents),
      waitlistOffer: offer !== null,
    };
  }

  /**
   * The plan's amounts with the discount code (checked again) or the waitlist offer: they do not add
   * up, the better of the two applies (bestOf). `offer` is set when the offer is the one taken.
   */
  private async price(
    userId: string,
    plan: Plan,
    action: NewCheckout['action'],
    discountId: string | undefined,
  ): Promise<{ amounts: Amounts; offer: { emailAddress: string } | null }> {
    const codeAmounts = await this.discounts.amountsFor(plan, discountId);
    const offer = await this.waitlistOffer(userId, plan.mfaType, action);
    const { amounts, offerUsed } = bestOf(plan.basePriceCents, codeAmounts, offer !== null);
    return { amounts, offer: offerUsed ? offer : null };
  }

  /** The customer's unredeemed waitlist offer when this checkout may take it (their first MultiMFA). */
  private async waitlistOffer(
    userId: string,
    mfaType: NewCheckout['mfaType'],
    action: NewCheckout['action'],
  ): Promise<{ emailAddress: string; confirmedAt: Date } | null> {
    if (mfaType !== 'MultiMFA' || action !== 'CREATE') return null;
    const emailAddress = await this.customers.emailAddressOf(userId);
    const offer = emailAddress ? await this.offers.findUnredeemed(emailAddress) : null;
    if (!offer) return null;
    const hasBoughtMultiMfa = await this.purchases.hasBoughtMultiMfa(userId);
    return offerApplies({ mfaType, action, offer, hasBoughtMultiMfa }, this.clock.now()) ? offer : null;
  }

  /** A new MFA (its id chosen now, its draft complete), or a MultiMFA of this user changing plan. */
  private async target(
    userId: string,
    request: CheckoutRequest,
    planId: number,
  ): Promise<Pick<NewCheckout, 'action' | 'mfaId' | 'draftName' | 'draftDescription' | 'draftCountryId'>> {
    if (!request.upgradeMfaId) {
      const draft = draftOf(request);
      return {
        action: 'CREATE',
        mfaId: randomUUID(),
        draftName: draft.name,
        draftDescription: draft.description,
        draftCountryId: draft.countryId,
      };
    }
    const subscription = await this.upgraded(userId, request, request.upgradeMfaId);
    if (subscription.planId === planId) {
      throw new DomainError('PLAN_UNCHANGED', 'This is already the plan of this MultiMFA');
    }
    return {
      action: 'UPGRADE',
      mfaId: subscription.mfaId,
      draftName: null,
      draftDescription: null,
      draftCountryId: null,
    };
  }

  /** The subscription of the MultiMFA being upgraded: another customer's, or a RoboMFA, answers 404. */
  private async upgraded(userId: string, request: CheckoutRequest, mfaId: string) {
    const subscription = await this.purchases.findSubscription(userId, mfaId);
    if (subscription?.mfaType !== 'MultiMFA' || request.MFAType !== 'MultiMFA') throw mfaNotFound();
    return subscription;
  }
}
