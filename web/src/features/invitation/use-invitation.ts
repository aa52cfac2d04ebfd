import { activateMember, type Invitation, invitationByToken, rejectInvitation } from '@multimfa/api-contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { ApiError } from '../../api/api-error';
import { invitationKeys } from './invitation.keys';

export const INVITATION_NOT_FOUND_MESSAGE =
  'The token which you have entered may have been expired or deleted.';
export const ALREADY_ACCEPTED_MESSAGE = 'You have already accepted the invitation.';
export const ACCEPTED_MESSAGE = 'Thank you for accepting the invite.';
export const REJECTED_MESSAGE = 'Your response has been recorded and the sender will be notified.';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** GET /api/plan/token/{token}: the invitation, or null when unknown, expired or rejected. */
export function useInvitation(token: string) {
  return useQuery<Invitation | null>({
    queryKey: invitationKeys.byToken(token),
    queryFn: async ({ signal }) => {
      try {
        return await api.data(invitationByToken, { params: { token }, signal });
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    enabled: token.length > 0,
    retry: false,
  });
}

export type Answer = 'accepted' | 'already-accepted' | 'rejected' | 'not-found';

/** Accepts the token: POST /api/plan/activate-member. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (token: string): Promise<Answer> => {
      try {
        await api.call(activateMember, { body: { token } });
        return 'accepted';
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) return 'already-accepted';
        if (isNotFound(error)) return 'not-found';
        throw error;
      }
    },
  });
}

/** Rejects the token's invitation: looks it up for its id, then PATCH /api/plan/reject-invitation. */
export function useRejectInvitation() {
  return useMutation({
    mutationFn: async (token: string): Promise<Answer> => {
      try {
        const invitation = await api.data(invitationByToken, { params: { token } });
        if (invitation.isVerified) return 'already-accepted';
        await api.call(rejectInvitation, { body: { id: invitation.id } });
        return 'rejected';
      } catch (error) {
        if (isNotFound(error)) return 'not-found';
        if (error instanceof ApiError && error.status === 409) return 'already-accepted';
        throw error;
      }
    },
  });
}
