import type { CheckoutRequest } from './checkout-request';

export const purchaseKeys = {
  quote: (request: CheckoutRequest) => ['payment-quote', request] as const,
  /** The completion of the purchase /success returned with (its query string). */
  completion: (search: string) => ['purchase', 'complete', search] as const,
};
