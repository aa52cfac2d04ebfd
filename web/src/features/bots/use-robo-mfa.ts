import {
  type BotLimits,
  createBot,
  getBotLimits,
  getRoboMfaDetails,
  type RoboMfaDetail,
  removeBot,
  type UpdateRoboMfaBody,
  updateRoboMfa,
} from '@multimfa/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { notify } from '../../notify/notify';
import { mfaKeys } from '../mfas/mfas.keys';
import { roboMfaKeys } from './bots.keys';

export const CHANGES_SAVED_MESSAGE = 'Changes saved successfully';
export const BOT_DELETED_MESSAGE = 'Bot deleted successfully';
export const BOT_DELETE_FAILED_MESSAGE = 'Something went wrong while deleting bot';
export const BOT_CREATE_FAILED_MESSAGE = 'Something went wrong while creating bot';

/** GET /api/robo-mfa/details/{mfaid}: the RoboMFA with its plan and bots. */
export function useRoboMfa(mfaId: string) {
  return useQuery<RoboMfaDetail>({
    queryKey: roboMfaKeys.detail(mfaId),
    queryFn: ({ signal }) => api.data(getRoboMfaDetails, { params: { mfaid: mfaId }, signal }),
    retry: false,
  });
}

/** GET /api/robo-mfa/bot-limits: what the bot API allows each key, as the servers are configured. */
export function useBotLimits() {
  return useQuery<BotLimits>({
    queryKey: roboMfaKeys.botLimits,
    queryFn: ({ signal }) => api.data(getBotLimits, { signal }),
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * After a change the detail (and the dashboard lists) are what the server now says. A failure shows
 * the server's message, or always `failure` when `exactFailure` (the spec words it).
 */
function useRoboMfaChange<V, R>(
  mfaId: string,
  call: (variables: V) => Promise<R>,
  failure: string,
  exactFailure = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: roboMfaKeys.detail(mfaId) }),
        queryClient.invalidateQueries({ queryKey: mfaKeys.lists }),
      ]);
    },
    ...(exactFailure ? { onError: () => notify.error(failure) } : { meta: { errorToast: failure } }),
  });
}

export const useSaveRoboMfa = (mfaId: string) =>
  useRoboMfaChange(
    mfaId,
    async (body: UpdateRoboMfaBody) => {
      const saved = await api.data(updateRoboMfa, { params: { mfaid: mfaId }, body });
      notify.success(CHANGES_SAVED_MESSAGE);
      return saved;
    },
    'Something went wrong while saving changes',
  );

export const useCreateBot = (mfaId: string) =>
  useRoboMfaChange(
    mfaId,
    async (referenceName: string) => {
      const created = await api.call(createBot, { body: { roboMFAId: mfaId, referenceName } });
      notify.success(created.message || 'Bot created successfully');
      return created.data;
    },
    BOT_CREATE_FAILED_MESSAGE,
  );

export const useRemoveBot = (mfaId: string) =>
  useRoboMfaChange(
    mfaId,
    async (botId: string) => {
      await api.data(removeBot, { params: { botId } });
      notify.success(BOT_DELETED_MESSAGE);
    },
    BOT_DELETE_FAILED_MESSAGE,
    true,
  );
