import { updateUser } from '@multimfa/api-contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { notify } from '../../notify/notify';
import { type ProfileUpdate, updateProfile } from '../../session/session.actions';
import { sessionStore } from '../../session/session-store';

export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully';
export const PROFILE_UPDATE_FAILED_MESSAGE = 'Error updating profile';

/** PUT /api/auth/user; the session (and so the navigation bar's name) follows the saved values. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (profile: ProfileUpdate) =>
      api.data(updateUser, { body: { id: sessionStore.getSnapshot().appUserId, ...profile } }),
    onSuccess(saved) {
      sessionStore.apply(updateProfile, {
        firstName: saved.firstName,
        lastName: saved.lastName,
        mobileNo: saved.mobileNo,
      });
      notify.success(PROFILE_UPDATED_MESSAGE);
    },
    onError: () => notify.error(PROFILE_UPDATE_FAILED_MESSAGE),
  });
}
