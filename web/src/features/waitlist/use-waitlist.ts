import {
  type JoinWaitlistBody,
  joinWaitlist,
  type UnsubscribeOffersBody,
  unsubscribeOffers,
  type VerifyWaitlistBody,
  verifyWaitlist,
} from '@multimfa/api-contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/api-client';

/** POST /api/promotion: e-mails the 6-digit code. */
export const useJoinWaitlist = () =>
  useMutation({ mutationFn: (body: JoinWaitlistBody) => api.call(joinWaitlist, { body }) });

/** POST /api/verify/promotion: the code confirms the address. */
export const useVerifyWaitlist = () =>
  useMutation({ mutationFn: (body: VerifyWaitlistBody) => api.call(verifyWaitlist, { body }) });

/** POST /api/promotion/unsubscribe: the unsubscribe link of a discount e-mail. */
export const useUnsubscribeOffers = () =>
  useMutation({ mutationFn: (body: UnsubscribeOffersBody) => api.call(unsubscribeOffers, { body }) });
