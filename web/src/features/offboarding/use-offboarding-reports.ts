import { listOffboardingReports, type OffboardingReport } from '@multimfa/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api-client';

/** How often the list follows a member just removed (the report is made in the background). */
export const OFFBOARDING_REFRESH_MS = 10_000;

export const offboardingKeys = {
  of: (multiMFAId: string) => ['offboarding-reports', multiMFAId] as const,
};

/** GET /api/plan/offboarding-reports/{multiMFAId}: the MultiMFA's recent offboarding reports. */
export function useOffboardingReports(multiMFAId: string) {
  return useQuery<{ reports: OffboardingReport[] }>({
    queryKey: offboardingKeys.of(multiMFAId),
    queryFn: ({ signal }) => api.data(listOffboardingReports, { params: { multiMFAId }, signal }),
    refetchInterval: OFFBOARDING_REFRESH_MS,
    retry: false,
  });
}
