import { getRetention, type Retention, setRetention } from '@multimfa/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { notify } from '../../notify/notify';

export const retentionKeys = {
  of: (mfaId: string) => ['mfa-retention', mfaId] as const,
};

/** GET /api/mfa/{mfaId}/retention: days the MFA's texts keep their bodies and codes. */
export function useRetention(mfaId: string) {
  return useQuery<Retention>({
    queryKey: retentionKeys.of(mfaId),
    queryFn: ({ signal }) => api.data(getRetention, { params: { mfaId }, signal }),
    retry: false,
  });
}

/** PUT /api/mfa/{mfaId}/retention; an out-of-range value is refused with the server's message. */
export function useSaveRetention(mfaId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (retentionDays: number) =>
      api.call(setRetention, { params: { mfaId }, body: { retentionDays } }),
    onSuccess(answer) {
      queryClient.setQueryData(retentionKeys.of(mfaId), answer.data);
      notify.success(answer.message);
    },
    onError: (error) => notify.error(error.message),
  });
}
