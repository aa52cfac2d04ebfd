import { createIntent, type PaymentIntentAnswer } from '@multimfa/api-contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/api-client';
import { errorMessage } from '../../api/api-error';
import { PAYMENT_FAILED_MESSAGE } from '../payment/payment-form';
import type { PaymentFormHandle } from '../payment/use-payment-form';
import type { CheckoutRequest } from './checkout-request';

/**
 * Pay (customer-area sections 2 and 4): checks the card, asks the gateway for the PaymentIntent
 * (POST /api/auth/create-intent; the server computes the amount), then confirms it with the provider,
 * which goes on to /success. When a 100% discount leaves nothing to pay, /success completes the
 * checkout at once. A refused card leaves the provider's message to show under the form; paying again
 * with the same checkout reuses its PaymentIntent.
 */
export function usePay(payment: PaymentFormHandle, amountCents: number) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const last = useRef<{ key: string; intent: PaymentIntentAnswer } | undefined>(undefined);

  const pay = async (request: CheckoutRequest) => {
    setBusy(true);
    setError(undefined);
    let leaving = false;
    try {
      if (amountCents > 0) {
        const invalid = await payment.validate();
        if (invalid) {
          setError(invalid);
          return;
        }
      }
      const key = JSON.stringify(request);
      const intent =
        last.current?.key === key ? last.current.intent : await api.data(createIntent, { body: request });
      last.current = { key, intent };
      if (!intent.requiresPayment) {
        leaving = true;
        await navigate(`/success?checkout_id=${encodeURIComponent(intent.checkoutId)}`);
        return;
      }
      if (!intent.clientSecret || !payment.ready) {
        setError(PAYMENT_FAILED_MESSAGE);
        return;
      }
      const outcome = await payment.confirm(intent.clientSecret);
      if (outcome.status === 'failed') setError(outcome.message);
      else leaving = true;
    } catch (failure) {
      console.error('The payment could not be started', failure);
      setError(errorMessage(failure, PAYMENT_FAILED_MESSAGE));
    } finally {
      // While the browser leaves for /success (or the bank's page) Pay stays busy.
      if (!leaving) setBusy(false);
    }
  };

  return { pay, busy, error };
}
