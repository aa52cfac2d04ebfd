import { listMultiMfas, listRoboMfas, type MultiMfa, type RoboMfa } from '@multimfa/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { mfaKeys } from './mfas.keys';

/** GET /api/plan/list-multimfa: the caller's MultiMFAs, newest first. */
export function useMultiMfas() {
  return useQuery<MultiMfa[]>({
    queryKey: mfaKeys.list('MultiMFA'),
    queryFn: async ({ signal }) => (await api.data(listMultiMfas, { signal })).list,
  });
}

/** GET /api/robo-mfa/list: the caller's RoboMFAs, newest first. */
export function useRoboMfas() {
  return useQuery<RoboMfa[]>({
    queryKey: mfaKeys.list('RoboMFA'),
    queryFn: async ({ signal }) => (await api.data(listRoboMfas, { signal })).list,
  });
}
