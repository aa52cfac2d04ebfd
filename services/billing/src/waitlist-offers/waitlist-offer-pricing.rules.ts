import type { Amounts } from '../discounts/discount-amounts.rules.js';
import { discountAmounts } from '../discounts/discount-amounts.rules.js';

/** The waitlist's promise: this much off the first period of the prospect's first MultiMFA. */
export const WAITLIST_OFFER_PERCENT = 20;

/** What decides whether a checkout may take the offer. */
export interface OfferFacts {
  mfaType: 'MultiMFA' | 'RoboMFA';
  action: 'CREATE' | 'UPGRADE';
  /** The unredeemed offer of the customer's e-mail address, if any. */
  offer: { emailAddress: string; confirmedAt: Date } | null;
  hasBoughtMultiMfa: boolean;
}

/** The offer applies to a new MultiMFA of a customer confirmed on the waitlist (by now) who never bought one. */
export function offerApplies(facts: OfferFacts, now: Date): boolean {
  return (
    facts.mfaType === 'MultiMFA' &&
    facts.action === 'CREATE' &&
    !facts.hasBoughtMultiMfa &&
    facts.offer !== null &&
    facts.offer.confirmedAt.getTime() <= now.getTime()
  );
}

/**
 * The amounts to charge: the customer's discount code and the waitlist offer do not add up; the better
 * of the two (the larger reduction) applies, and on a tie the offer, which the first MultiMFA would
 * otherwise leave unused. `codeAmounts` are the amounts with the code, or none without one.
 */
export function bestOf(
  priceCents: number,
  codeAmounts: Amounts,
  offerApplicable: boolean,
): { amounts: Amounts; offerUsed: boolean } {
  if (!offerApplicable) return { amounts: codeAmounts, offerUsed: false };
  const offer = discountAmounts(priceCents, { discountType: 'PERCENTAGE', value: WAITLIST_OFFER_PERCENT });
  if (codeAmounts.discountCents > offer.discountCents) return { amounts: codeAmounts, offerUsed: false };
  return { amounts: offer, offerUsed: true };
}
