import { DomainError } from '@multimfa/service-runtime';
import type { DiscountType } from './discount.entity.js';

/** What a plan costs once a discount is taken off, in cents. */
export interface Amounts {
  actualCents: number;
  discountCents: number;
  payableCents: number;
}

/** Stripe's smallest USD charge: a payable amount between zero and this cannot be charged. */
export const MINIMUM_CHARGE_CENTS = 50;

/**
 * The discount on a price: PERCENTAGE takes `value` per cent (rounded to the cent), FLAT takes
 * `value` dollars, never more than the price.
 */
export function discountAmounts(
  priceCents: number,
  discount: { discountType: DiscountType; value: number } | null,
): Amounts {
  let discountCents = 0;
  if (discount?.discountType === 'PERCENTAGE') {
    discountCents = Math.round((priceCents * Math.min(discount.value, 100)) / 100);
  } else if (discount?.discountType === 'FLAT') {
    discountCents = Math.min(Math.round(discount.value * 100), priceCents);
  }
  const payableCents = priceCents - discountCents;
  if (payableCents > 0 && payableCents < MINIMUM_CHARGE_CENTS) {
    throw new DomainError(
      'AMOUNT_TOO_SMALL',
      'The amount left to pay after this discount is below the smallest card payment of $0.50',
    );
  }
  return { actualCents: priceCents, discountCents, payableCents };
}

/** Cents as the API shows dollars (2 decimals). */
export const dollars = (cents: number) => cents / 100;
