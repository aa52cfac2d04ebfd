import { listPlans, listRoboMfaPlans, type Plan } from '@multimfa/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import type { MfaType } from '../../session/session.schema';
import { planKeys } from './plans.keys';

const LISTS = { MultiMFA: listPlans, RoboMFA: listRoboMfaPlans } as const;

/** The plans on sale for one kind of number, cheapest first (GET /api/plan/list or list-robomfa-plans). */
export function usePlans(kind: MfaType) {
  return useQuery<Plan[]>({
    queryKey: planKeys.list(kind),
    queryFn: async ({ signal }) => (await api.data(LISTS[kind], { signal })).plans,
    // The catalogue changes rarely; one fetch per hour is plenty.
    staleTime: 60 * 60 * 1000,
  });
}
