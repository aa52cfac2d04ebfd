import { type ForwardedMessage, listMultiMfaMessages } from '@multimfa/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { messageKeys } from './messages.keys';

/** How often the list follows new texts and delivery statuses. */
export const MESSAGES_REFRESH_MS = 10_000;

/** GET /api/plan/messages/{multiMFAId}: the MultiMFA's recent texts, refreshed every ten seconds. */
export function useRecentMessages(multiMFAId: string) {
  return useQuery<{ messages: ForwardedMessage[] }>({
    queryKey: messageKeys.recent(multiMFAId),
    queryFn: ({ signal }) => api.data(listMultiMfaMessages, { params: { multiMFAId }, signal }),
    refetchInterval: MESSAGES_REFRESH_MS,
    retry: false,
  });
}
