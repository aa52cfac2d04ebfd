import {
  addCard,
  CARD_DELETED_MESSAGE,
  CARD_SAVED_MESSAGE,
  CARD_UPDATED_MESSAGE,
  deleteCard,
  listCards,
  type SavedCard,
  type UpdateCardBody,
  updateCard,
} from '@multimfa/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/api-client';
import { notify } from '../../notify/notify';
import { refreshSession } from '../../session/use-session-refresh';
import { cardKeys } from './cards.keys';

/**
 * GET /api/credit-card/{stripeCustomerId}: the saved cards, oldest first. Without a Stripe customer in
 * the stored session (billing makes it at the first payment or card) the session is asked again once.
 */
export function useCards(stripeCustomerId: string) {
  useEffect(() => {
    if (stripeCustomerId === '') void refreshSession();
  }, [stripeCustomerId]);
  return useQuery<SavedCard[]>({
    queryKey: cardKeys.list(stripeCustomerId),
    queryFn: ({ signal }) => api.data(listCards, { params: { stripeCustomerId }, signal }),
    enabled: stripeCustomerId !== '',
    retry: false,
  });
}

/** POST /api/credit-card with the card form's PaymentMethod; the first card makes the Stripe customer. */
export function useAddCard(stripeCustomerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.data(addCard, { body: { token, stripeCustomerId } }),
    onSuccess: async () => {
      notify.success(CARD_SAVED_MESSAGE);
      if (stripeCustomerId === '') await refreshSession();
      await queryClient.invalidateQueries({ queryKey: cardKeys.list(stripeCustomerId) });
    },
  });
}

export function useUpdateCard(stripeCustomerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, body }: { cardId: string; body: UpdateCardBody }) =>
      api.data(updateCard, { params: { stripeCustomerId, cardId }, body }),
    meta: { errorToast: 'Something went wrong while updating card' },
    onSuccess: async () => {
      notify.success(CARD_UPDATED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: cardKeys.list(stripeCustomerId) });
    },
  });
}

export function useDeleteCard(stripeCustomerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) => api.data(deleteCard, { params: { stripeCustomerId, cardId } }),
    meta: { errorToast: 'Something went wrong while deleting card' },
    onSuccess: async () => {
      notify.success(CARD_DELETED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: cardKeys.list(stripeCustomerId) });
    },
  });
}
