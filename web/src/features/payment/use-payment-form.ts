import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { createPaymentForm } from './create-payment-form';
import { paymentSettings } from './payment-config';
import { type ConfirmOutcome, PAYMENT_FAILED_MESSAGE, type PaymentForm } from './payment-form';
import { paymentReturnUrl } from './payment-redirect';

export interface PaymentFormHandle {
  /** Attach to the element the card fields go into (see PaymentFields). */
  containerRef: RefObject<HTMLDivElement | null>;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why the form could not load (shown under it). */
  error: string | undefined;
  /** Pay is enabled only when this is true (customer-area: "disabled until the provider is ready"). */
  ready: boolean;
  /** Confirms the payment; on success the browser leaves for /success. */
  confirm(returnUrl?: string): Promise<ConfirmOutcome>;
}

/**
 * The configured payment form (VITE_PAYMENT_PROVIDER) for one PaymentIntent: created and mounted when
 * the client secret is known, destroyed when it changes or the page goes away.
 */
export function usePaymentForm(clientSecret: string | undefined): PaymentFormHandle {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const formRef = useRef<PaymentForm | undefined>(undefined);
  const [state, setState] = useState<{ status: PaymentFormHandle['status']; error?: string }>({
    status: 'idle',
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!clientSecret || !container) return;
    let cancelled = false;
    let form: PaymentForm | undefined;
    setState({ status: 'loading' });
    (async () => {
      try {
        form = await createPaymentForm(paymentSettings(), clientSecret);
        if (cancelled) {
          form.destroy();
          return;
        }
        formRef.current = form;
        await form.mount(container);
        if (!cancelled) setState({ status: 'ready' });
      } catch (error) {
        if (!cancelled)
          setState({
            status: 'error',
            error: error instanceof Error ? error.message : PAYMENT_FAILED_MESSAGE,
          });
      }
    })();
    return () => {
      cancelled = true;
      form?.destroy();
      formRef.current = undefined;
    };
  }, [clientSecret]);

  const confirm = useCallback(async (returnUrl: string = paymentReturnUrl()): Promise<ConfirmOutcome> => {
    const form = formRef.current;
    if (!form) return { status: 'failed', message: PAYMENT_FAILED_MESSAGE };
    return form.confirm(returnUrl);
  }, []);

  return { containerRef, status: state.status, error: state.error, ready: state.status === 'ready', confirm };
}
