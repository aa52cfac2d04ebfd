import {
  type AddDestinationBody,
  addDestination,
  confirmDestination,
  discardHeldMessage,
  getRouting,
  listDestinations,
  listHeldMessages,
  type Routing,
  releaseHeldMessage,
  removeDestination,
  resendDestinationTest,
  saveRouting,
} from '@multimfa/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { notify } from '../../notify/notify';
import { messageKeys } from '../messages/messages.keys';
import { destinationKeys } from './destinations.keys';

/** How often the destinations' delivery log and the held texts follow new attempts and texts. */
export const DESTINATIONS_REFRESH_MS = 10_000;

/** GET /api/plan/mfa/{id}/destinations, with each one's recent delivery attempts. */
export function useDestinations(multiMFAId: string) {
  return useQuery({
    queryKey: destinationKeys.list(multiMFAId),
    queryFn: ({ signal }) => api.data(listDestinations, { params: { multiMFAId }, signal }),
    refetchInterval: DESTINATIONS_REFRESH_MS,
    retry: false,
  });
}

function useRefresh(multiMFAId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: destinationKeys.list(multiMFAId) }),
      queryClient.invalidateQueries({ queryKey: destinationKeys.routing(multiMFAId) }),
    ]);
}

/** POST /api/plan/mfa/{id}/destinations: answers the destination and, for a webhook, its secret (shown once). */
export function useAddDestination(multiMFAId: string) {
  const refresh = useRefresh(multiMFAId);
  return useMutation({
    mutationFn: (body: AddDestinationBody) => api.call(addDestination, { params: { multiMFAId }, body }),
    async onSuccess(answer) {
      notify.success(answer.message);
      await refresh();
    },
  });
}

export function useConfirmDestination(multiMFAId: string) {
  const refresh = useRefresh(multiMFAId);
  return useMutation({
    mutationFn: (input: { destinationId: string; code: string }) =>
      api.call(confirmDestination, {
        params: { destinationId: input.destinationId },
        body: { code: input.code },
      }),
    async onSuccess(answer) {
      notify.success(answer.message);
      await refresh();
    },
    onError: (error) => notify.error(error.message),
  });
}

export function useResendDestinationTest(multiMFAId: string) {
  const refresh = useRefresh(multiMFAId);
  return useMutation({
    mutationFn: (destinationId: string) => api.call(resendDestinationTest, { params: { destinationId } }),
    async onSuccess(answer) {
      notify.success(answer.message);
      await refresh();
    },
    onError: (error) => notify.error(error.message),
  });
}

export function useRemoveDestination(multiMFAId: string) {
  const refresh = useRefresh(multiMFAId);
  return useMutation({
    mutationFn: (destinationId: string) => api.call(removeDestination, { params: { destinationId } }),
    async onSuccess(answer) {
      notify.success(answer.message);
      await refresh();
    },
    onError: (error) => notify.error(error.message),
  });
}

/** GET /api/plan/mfa/{id}/routing. */
export function useRouting(multiMFAId: string) {
  return useQuery({
    queryKey: destinationKeys.routing(multiMFAId),
    queryFn: ({ signal }) => api.data(getRouting, { params: { multiMFAId }, signal }),
    retry: false,
  });
}

export function useSaveRouting(multiMFAId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (routing: Routing) => api.call(saveRouting, { params: { multiMFAId }, body: routing }),
    onSuccess(answer) {
      queryClient.setQueryData(destinationKeys.routing(multiMFAId), answer.data);
      notify.success(answer.message);
    },
  });
}

/** GET /api/plan/mfa/{id}/held: the texts held because no rule matched them. */
export function useHeldMessages(multiMFAId: string) {
  return useQuery({
    queryKey: destinationKeys.held(multiMFAId),
    queryFn: ({ signal }) => api.data(listHeldMessages, { params: { multiMFAId }, signal }),
    refetchInterval: DESTINATIONS_REFRESH_MS,
    retry: false,
  });
}

/** Release (forward now, once) or Discard a held text. */
export function useDecideHeld(multiMFAId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { messageId: string; release: boolean }) =>
      api.call(input.release ? releaseHeldMessage : discardHeldMessage, {
        params: { messageId: input.messageId },
      }),
    async onSuccess(answer) {
      notify.success(answer.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: destinationKeys.held(multiMFAId) }),
        queryClient.invalidateQueries({ queryKey: messageKeys.recent(multiMFAId) }),
      ]);
    },
    onError: (error) => notify.error(error.message),
  });
}
