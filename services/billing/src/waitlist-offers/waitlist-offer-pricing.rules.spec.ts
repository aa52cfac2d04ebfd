import { describe, expect, it } from '@jest/globals';
import { FixedClock } from '@multimfa/service-runtime';
import { discountAmounts } from '../discounts/discount-amounts.rules.js';
import { bestOf, type OfferFacts, offerApplies } from './waitlist-offer-pricing.rules.js';

const clock = new FixedClock(new Date('2026-11-23T10:00:00.000Z'));
const eligible: OfferFacts = {
  mfaType: 'MultiMFA',
  action: 'CREATE',
  offer: { emailAddress: 'ada@example.com', confirmedAt: new Date('2026-11-20T10:00:00.000Z') },
  hasBoughtMultiMfa: false,
};

describe('the waitlist offer (20% off the first MultiMFA)', () => {
  it('applies to a new MultiMFA of a confirmed prospect who never bought one', () => {
    expect(offerApplies(eligible, clock.now())).toBe(true);
  });

  it('does not apply to a RoboMFA, a plan change, a second MultiMFA, nor without an offer', () => {
    expect(
      [
        { ...eligible, mfaType: 'RoboMFA' as const },
        { ...eligible, action: 'UPGRADE' as const },
        { ...eligible, hasBoughtMultiMfa: true },
        { ...eligible, offer: null },
      ].map((facts) => offerApplies(facts, clock.now())),
    ).toStrictEqual([false, false, false, false]);
  });

  it('does not apply before the confirmation time on the clock', () => {
    const before = new FixedClock(new Date('2026-11-20T09:59:59.999Z'));
    expect(offerApplies(eligible, before.now())).toBe(false);
  });

  it('takes 20% off a $10.00 plan: $2.00 off, $8.00 to pay', () => {
    expect(bestOf(1000, discountAmounts(1000, null), true)).toStrictEqual({
      amounts: { actualCents: 1000, discountCents: 200, payableCents: 800 },
      offerUsed: true,
    });
  });

  it('with a smaller code (10%) the offer applies, with a larger one (30%) the code', () => {
    const tenPercent = discountAmounts(1000, { discountType: 'PERCENTAGE', value: 10 });
    const thirtyPercent = discountAmounts(1000, { discountType: 'PERCENTAGE', value: 30 });
    expect([bestOf(1000, tenPercent, true), bestOf(1000, thirtyPercent, true)]).toStrictEqual([
      { amounts: { actualCents: 1000, discountCents: 200, payableCents: 800 }, offerUsed: true },
      { amounts: thirtyPercent, offerUsed: false },
    ]);
  });

  it('on a tie with a code ($2 flat on $10) the offer is used; when not applicable the code amounts stand', () => {
    const flatTwo = discountAmounts(1000, { discountType: 'FLAT', value: 2 });
    expect(bestOf(1000, flatTwo, true).offerUsed).toBe(true);
    expect(bestOf(1000, flatTwo, false)).toStrictEqual({ amounts: flatTwo, offerUsed: false });
  });
});
