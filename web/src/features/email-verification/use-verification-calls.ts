import { changePasswordFP, verifyEmail, verifyEmailToken } from '@multimfa/api-contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { errorMessage } from '../../api/api-error';
import { notify } from '../../notify/notify';
import { CODE_SENT_MESSAGE, PASSWORD_CHANGED_MESSAGE } from './email-verification.schema';

const toastError = (error: Error) => notify.error(errorMessage(error));

/** POST /api/auth/verifyemail: e-mails a 6-digit code. */
export function useSendCode() {
  return useMutation({
    mutationFn: (emailAddress: string) => api.call(verifyEmail, { body: { emailAddress } }),
    onSuccess: () => notify.success(CODE_SENT_MESSAGE),
    onError: toastError,
  });
}

/** POST /api/auth/verifyemailtoken: checks the code; the server's message is toasted. */
export function useCheckCode() {
  return useMutation({
    mutationFn: (body: { emailAddress: string; token: string }) => api.call(verifyEmailToken, { body }),
    onSuccess: (response) => notify.success(response.message || 'Code verified'),
    onError: toastError,
  });
}

/** POST /api/auth/changePasswordFP: the new password, after this session verified the reset code. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { emailAddress: string; newPassword: string }) => api.call(changePasswordFP, { body }),
    onSuccess: () => notify.success(PASSWORD_CHANGED_MESSAGE),
    onError: toastError,
  });
}
