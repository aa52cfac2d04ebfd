import { changePassword } from '@multimfa/api-contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { notify } from '../../notify/notify';
import { useEndSession } from '../../session/use-sign-out';

export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully!';
export const CHANGE_PASSWORD_FAILED_MESSAGE =
  'Something went wrong while changing password. Please contact IT-Support';

/**
 * POST /api/auth/changepassword. The server ends every session of the user, so on success this browser
 * signs out locally and goes to /login.
 */
export function useChangePassword() {
  const endSession = useEndSession();
  return useMutation({
    /** Without `currentPassword` for a Google-only account: the server checks its fresh Google sign-in. */
    mutationFn: (body: { currentPassword?: string; newPassword: string }) =>
      api.call(changePassword, {
        body: { currentPassword: body.currentPassword, newPassword: body.newPassword },
      }),
    async onSuccess() {
      notify.success(PASSWORD_CHANGED_MESSAGE);
      await endSession('/login');
    },
    onError: () => notify.error(CHANGE_PASSWORD_FAILED_MESSAGE),
  });
}
