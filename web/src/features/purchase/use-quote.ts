import { type PaymentQuote, quotePayment } from '@multimfa/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import type { CheckoutRequest } from './checkout-request';
import { purchaseKeys } from './purchase.keys';

/**
 * The server's price of this purchase (POST /api/plan/quote), priced as create-intent will: it tells
 * the payment page when the waitlist offer (20% off the first MultiMFA) is what applies.
 */
export function useQuote(request: CheckoutRequest): PaymentQuote | undefined {
  return useQuery({
    queryKey: purchaseKeys.quote(request),
    queryFn: () => api.data(quotePayment, { body: request }),
  }).data;
}
