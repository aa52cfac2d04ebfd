import type { Plan } from '@multimfa/api-contract';

export type BillingPeriod = 'monthly' | 'yearly';

/** The marketing card's label: the Professional plan is shown as "Business" (spec README). */
export function marketingName(plan: Plan): string {
  return plan.planName === 'Professional' ? 'Business' : plan.planName;
}

/**
 * The price a card shows: the monthly price, or 10 x monthly for yearly. Display only: billing is
 * always monthly (spec README).
 */
export function marketingPrice(plan: Plan, period: BillingPeriod): { amount: number; unit: '/mo' | '/yr' } {
  return period === 'yearly'
    ? { amount: plan.basePrice * 10, unit: '/yr' }
    : { amount: plan.basePrice, unit: '/mo' };
}
