import type { PaymentInfo } from '../../session/session.schema';

/** US dollars to the cents the provider takes (base price times 100, rounded to a whole cent). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** The payment info of a plan paid in full: no discount applied. */
export function fullPrice(basePrice: number): PaymentInfo {
  return {
    actualAmount: basePrice,
    payableAmount: basePrice,
    discountedAmount: 0,
    discountCode: null,
    discountId: null,
  };
}

/** A discount is applied to the plan of this price (payment info left from another price is not). */
export function isDiscountApplied(basePrice: number, paymentInfo: PaymentInfo): boolean {
  return paymentInfo.discountId !== null && paymentInfo.actualAmount === basePrice;
}

/**
 * What the Pay button shows: the discounted amount while a discount of this plan is applied, else the
 * plan's price. The server computes the amount charged on its own.
 */
export function payableAmount(basePrice: number, paymentInfo: PaymentInfo): number {
  return isDiscountApplied(basePrice, paymentInfo) ? paymentInfo.payableAmount : basePrice;
}
