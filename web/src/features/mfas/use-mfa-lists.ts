import { listMultiMfas, listRoboMfas, type MultiMfa, type RoboMfa } from '@multimfa/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api-client';

export const mfaListsKey = ['mfas'] as const;

/** GET /api/plan/list-multimfa: the caller's MultiMFAs, newest first. */
export function useMultiMfas() {
  return useQuery<MultiMfa[]>({
    queryKey: [...mfaListsKey, 'MultiMFA'],
    queryFn: async ({ signal }) => (await api.data(listMultiMfas, { signal })).list,
  });
}

/** GET /api/robo-mfa/list: the caller's RoboMFAs, newest first. */
export function useRoboMfas() {
  return useQuery<RoboMfa[]>({
    queryKey: [...mfaListsKey, 'RoboMFA'],
    queryFn: async ({ signal }) => (await api.data(listRoboMfas, { signal })).list,
  });
}
