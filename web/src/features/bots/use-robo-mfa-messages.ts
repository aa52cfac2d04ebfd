import { listRoboMfaMessages, type RoboMfaMessage } from '@multimfa/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { MESSAGES_REFRESH_MS } from '../messages/use-recent-messages';
import { roboMfaKeys } from './bots.keys';

/** GET /api/robo-mfa/messages/{mfaid}: the RoboMFA's recent texts and its bots' dealings with them. */
export function useRoboMfaMessages(mfaId: string) {
  return useQuery<{ messages: RoboMfaMessage[] }>({
    queryKey: roboMfaKeys.messages(mfaId),
    queryFn: ({ signal }) => api.data(listRoboMfaMessages, { params: { mfaid: mfaId }, signal }),
    refetchInterval: MESSAGES_REFRESH_MS,
    retry: false,
  });
}
