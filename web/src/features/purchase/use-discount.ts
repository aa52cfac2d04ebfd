import { applyDiscount, applyDiscountBody } from '@multimfa/api-contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/api-client';
import { errorMessage } from '../../api/api-error';
import { notify } from '../../notify/notify';
import { setPaymentInfo } from '../../session/session.actions';
import type { ChosenPlan, PaymentInfo } from '../../session/session.schema';
import { sessionStore } from '../../session/session-store';
import { fullPrice, isDiscountApplied } from './amounts';

/**
 * The discount code of the payment page (customer-area sections 2, 4, 5, 8): Apply checks the code
 * against the plan (POST /api/plan/apply-discount) and keeps the result in the session's payment
 * info; while it is applied the code shows as text, locked, and Remove takes it off again.
 */
export function useDiscount(plan: ChosenPlan, paymentInfo: PaymentInfo) {
  const applied = isDiscountApplied(plan.basePrice, paymentInfo);
  const [code, setCode] = useState(applied ? (paymentInfo.discountCode ?? '') : '');
  const [error, setError] = useState<string>();

  const check = useMutation({
    mutationFn: (body: { code: string; planId: number }) => api.data(applyDiscount, { body }),
    onSuccess: (result, body) => {
      sessionStore.apply(setPaymentInfo, {
        actualAmount: plan.basePrice,
        payableAmount: result.payableAmount,
        discountedAmount: result.discountedAmount,
        discountCode: body.code,
        discountId: result.discountId,
      });
    },
    onError: (failure) => {
      const message = errorMessage(failure);
      setError(message);
      notify.error(message);
    },
  });

  const apply = () => {
    setError(undefined);
    const parsed = applyDiscountBody.safeParse({ code, planId: Number(plan.planId) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    check.mutate({ code: parsed.data.code, planId: parsed.data.planId });
  };

  const remove = () => {
    sessionStore.apply(setPaymentInfo, fullPrice(plan.basePrice));
    setCode('');
    setError(undefined);
  };

  return {
    code,
    setCode: (value: string) => {
      setCode(value);
      setError(undefined);
    },
    applied,
    /** Dollars taken off while applied. */
    discountedAmount: applied ? paymentInfo.discountedAmount : 0,
    error,
    checking: check.isPending,
    apply,
    remove,
  };
}
