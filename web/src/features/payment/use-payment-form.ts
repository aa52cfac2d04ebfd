import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { createPaymentForm } from './create-payment-form';
import { paymentSettings } from './payment-config';
import {
  type ConfirmOutcome,
  type CreatedPaymentMethod,
  PAYMENT_FAILED_MESSAGE,
  type PaymentForm,
  type PaymentFormPurpose,
} from './payment-form';
import { paymentReturnUrl } from './payment-redirect';

export interface PaymentFormHandle {
  /** Attach to the element the card fields go into (see PaymentFields). */
  containerRef: RefObject<HTMLDivElement | null>;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why the form could not load (shown under it). */
  error: string | undefined;
  /** Pay is enabled only when this is true (customer-area: "disabled until the provider is ready"). */
  ready: boolean;
  /** Checks the typed card before the PaymentIntent is created: the provider's message, or undefined. */
  validate(): Promise<string | undefined>;
  /** Confirms the PaymentIntent; on success the browser leaves for /success. */
  confirm(clientSecret: string, returnUrl?: string): Promise<ConfirmOutcome>;
  /** Creates a card PaymentMethod from the fields (purpose `setup`: Add Card). */
  createPaymentMethod(): Promise<CreatedPaymentMethod>;
}

/**
 * The configured payment form (VITE_PAYMENT_PROVIDER) for an amount in cents: created and mounted while
 * there is something to pay (`amountCents` above zero), told when the amount changes, destroyed when
 * nothing is left to pay or the page goes away. For `setup` (saving a card) it is always mounted.
 */
export function usePaymentForm(
  amountCents: number,
  purpose: PaymentFormPurpose = 'payment',
): PaymentFormHandle {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const formRef = useRef<PaymentForm | undefined>(undefined);
  const amountRef = useRef(amountCents);
  const [state, setState] = useState<{ status: PaymentFormHandle['status']; error?: string }>({
    status: 'idle',
  });
  const needed = purpose === 'setup' || amountCents > 0;

  useEffect(() => {
    amountRef.current = amountCents;
    if (amountCents > 0) formRef.current?.setAmount(amountCents);
  }, [amountCents]);

  useEffect(() => {
    const container = containerRef.current;
    if (!needed || !container) {
      setState({ status: 'idle' });
      return;
    }
    let cancelled = false;
    let form: PaymentForm | undefined;
    setState({ status: 'loading' });
    (async () => {
      try {
        form = await createPaymentForm(paymentSettings(), amountRef.current, purpose);
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
  }, [needed, purpose]);

  const validate = useCallback(async (): Promise<string | undefined> => {
    const form = formRef.current;
    return form ? form.validate() : PAYMENT_FAILED_MESSAGE;
  }, []);

  const confirm = useCallback(
    async (clientSecret: string, returnUrl: string = paymentReturnUrl()): Promise<ConfirmOutcome> => {
      const form = formRef.current;
      if (!form) return { status: 'failed', message: PAYMENT_FAILED_MESSAGE };
      return form.confirm(clientSecret, returnUrl);
    },
    [],
  );

  const createPaymentMethod = useCallback(async (): Promise<CreatedPaymentMethod> => {
    const form = formRef.current;
    return form ? form.createPaymentMethod() : { status: 'failed', message: PAYMENT_FAILED_MESSAGE };
  }, []);

  return {
    containerRef,
    status: state.status,
    error: state.error,
    ready: state.status === 'ready',
    validate,
    confirm,
    createPaymentMethod,
  };
}
