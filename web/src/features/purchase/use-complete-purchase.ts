import { createMultiMfa, createRoboMfa, updateMultiMfaPlan } from '@multimfa/api-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { ApiError } from '../../api/api-error';
import { completePurchase } from '../../session/session.actions';
import type { Session, SessionMfa } from '../../session/session.schema';
import { sessionStore } from '../../session/session-store';
import { mfaKeys } from '../mfas/mfas.keys';
import { purchaseKeys } from './purchase.keys';
import { type CompletionRoute, completionRoutes, type StripePayment } from './purchase-completion';

/** Calls one completion route; resolves the MFA as the session keeps it (with its MFAType). */
async function complete(
  route: CompletionRoute,
  session: Session,
  stripePayment: StripePayment,
): Promise<SessionMfa> {
  const planid = session.plan ? Number(session.plan.planId) : undefined;
  const paymentInfo = session.paymentInfo;
  if (route === 'updateMultiMfaPlan') {
    const { MFA } = await api.data(updateMultiMfaPlan, {
      body: { multiMFAId: session.upgrade || undefined, planid, stripePayment, paymentInfo },
    });
    return { ...MFA, MFAType: 'MultiMFA' };
  }
  const body = {
    name: session.buffer?.name,
    description: session.buffer?.description,
    countryId: session.buffer ? Number(session.buffer.countryId) : undefined,
    planid,
    appUserId: session.appUserId,
    stripePayment,
    paymentInfo,
  };
  if (route === 'createRoboMfa') {
    const { MFA } = await api.data(createRoboMfa, { body });
    return { ...MFA, MFAType: 'RoboMFA' };
  }
  const { MFA } = await api.data(createMultiMfa, { body });
  return { ...MFA, MFAType: 'MultiMFA' };
}

/** The gateway's refusal of a purchase of another kind (it names the route that completes it). */
const isOtherKind = (error: unknown) => error instanceof ApiError && error.code === 'PURCHASE_MISMATCH';

/**
 * Completes the purchase /success returned with, once per page load (the server completes each
 * purchase exactly once and answers the same MFA to a repeated call), then records the MFA in the
 * session and resets the draft, plan, upgrade and payment info.
 */
export function useCompletePurchase(stripePayment: StripePayment | undefined, search: string) {
  const queryClient = useQueryClient();
  return useQuery<SessionMfa>({
    queryKey: purchaseKeys.completion(search),
    enabled: stripePayment !== undefined,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      if (!stripePayment) throw new Error('Nothing to complete');
      const session = sessionStore.getSnapshot();
      const routes = completionRoutes(session);
      for (const [index, route] of routes.entries()) {
        try {
          const mfa = await complete(route, session, stripePayment);
          sessionStore.apply(completePurchase, mfa);
          await queryClient.invalidateQueries({ queryKey: mfaKeys.lists });
          return mfa;
        } catch (error) {
          if (index === routes.length - 1 || !isOtherKind(error)) throw error;
        }
      }
      throw new Error('Nothing to complete');
    },
  });
}
