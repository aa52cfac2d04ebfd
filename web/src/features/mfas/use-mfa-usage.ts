import { getMfaUsage, type MfaUsage } from '@multimfa/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { DETAILS_REFRESH_MS } from '../members/use-mfa-details';
import { mfaKeys } from './mfas.keys';

/** GET /api/usage/{mfaId}, refreshed with the detail page. */
export function useMfaUsage(mfaId: string) {
  return useQuery<MfaUsage>({
    queryKey: mfaKeys.usage(mfaId),
    queryFn: ({ signal }) => api.data(getMfaUsage, { params: { mfaId }, signal }),
    refetchInterval: DETAILS_REFRESH_MS,
    enabled: mfaId !== '',
    retry: false,
  });
}
