import {
  type CodeAuditEntryAnswer,
  getCodeAudit,
  type RevealedCodeAnswer,
  revealMfaCode,
} from '@multimfa/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api-client';

export const codeAuditKeys = {
  entries: (mfaId: string) => ['code-audit', mfaId] as const,
};

/** How many texts the page's audit lists (the newest). */
export const CODE_AUDIT_LIMIT = 100;

/** GET /api/plan/mfa/{mfaId}/code-audit: who had each of the newest texts' codes. */
export function useCodeAudit(mfaId: string) {
  return useQuery<{ entries: CodeAuditEntryAnswer[] }>({
    queryKey: codeAuditKeys.entries(mfaId),
    queryFn: ({ signal }) =>
      api.data(getCodeAudit, { params: { mfaId }, query: { limit: CODE_AUDIT_LIMIT }, signal }),
    retry: false,
  });
}

/** POST …/reveal: the code, recorded as revealed by the caller (the audit is fetched again). */
export function useRevealCode(mfaId: string) {
  const queryClient = useQueryClient();
  return useMutation<RevealedCodeAnswer, Error, string>({
    mutationFn: (messageId) => api.data(revealMfaCode, { params: { mfaId, messageId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeAuditKeys.entries(mfaId) }),
  });
}
