import {
  addMember as addMemberEndpoint,
  deleteMember as deleteMemberEndpoint,
  type Member,
  type MemberFields,
  type MultiMfaDetails,
  mfaDetails,
  requestActivation,
  saveMfa,
} from '@multimfa/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { notify } from '../../notify/notify';
import { addMember, deleteMember } from '../../session/session.actions';
import { sessionStore } from '../../session/session-store';
import { mfaDetailKeys } from './members.keys';

/** Customer-area section 8: the detail data refreshes every 30 seconds. */
export const DETAILS_REFRESH_MS = 30_000;

/** POST /api/plan/mfa-details, refreshed every 30 seconds. */
export function useMfaDetails(multiMFAId: string) {
  return useQuery<MultiMfaDetails>({
    queryKey: mfaDetailKeys.detail(multiMFAId),
    queryFn: ({ signal }) => api.data(mfaDetails, { body: { multiMFAId }, signal }),
    refetchInterval: DETAILS_REFRESH_MS,
    retry: false,
  });
}

export interface MfaChanges {
  name: string;
  description: string;
  autoRenewal: boolean;
}

/** POST /api/plan/save: "Changes saved successfully". */
export function useSaveMfa(multiMFAId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: MfaChanges) => api.call(saveMfa, { body: { multiMFAId, ...changes } }),
    onSuccess(answer) {
      queryClient.setQueryData(mfaDetailKeys.detail(multiMFAId), answer.data.MFA);
      notify.success(answer.message || 'Changes saved successfully');
    },
  });
}

/** POST /api/plan/add-member; the session's MFA gets the member too. */
export function useAddMember(multiMFAId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: MemberFields) => api.call(addMemberEndpoint, { body: { multiMFAId, ...fields } }),
    async onSuccess(answer) {
      sessionStore.apply(addMember, { multiMFAId, member: answer.data.dbMember });
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: mfaDetailKeys.detail(multiMFAId) });
    },
  });
}

/** DELETE /api/plan/member/{memberId}: "Member deleted successfully". */
export function useDeleteMember(multiMFAId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => api.call(deleteMemberEndpoint, { params: { memberId } }),
    async onSuccess(_answer, memberId) {
      sessionStore.apply(deleteMember, memberId);
      notify.success('Member deleted successfully');
      await queryClient.invalidateQueries({ queryKey: mfaDetailKeys.detail(multiMFAId) });
    },
    onError: (error) => notify.error(error.message),
  });
}

/** POST /api/plan/request-activation: the member gets the invitation, their status becomes Invite Sent. */
export function useInviteMember(multiMFAId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Member) =>
      api.call(requestActivation, {
        body: {
          memberId: member.memberId,
          firstName: member.firstName,
          lastName: member.lastName,
          mobileNo: member.mobileNo,
        },
      }),
    async onSuccess(answer) {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: mfaDetailKeys.detail(multiMFAId) });
    },
    onError: (error) => notify.error(error.message),
  });
}
