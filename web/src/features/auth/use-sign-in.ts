import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/api-client';
import { signIn } from '../../session/session.actions';
import { sessionStore } from '../../session/session-store';
import { type LoginData, login } from './auth.endpoints';
import type { SignInForm } from './sign-in.schema';
import { landingPathFor } from './sign-in-routing';

/** Maps the login answer onto the session's sign-in transition. */
export function sessionFromLogin(data: LoginData) {
  const firstName = data.firstName ?? '';
  const lastName = data.lastName ?? '';
  return {
    emailAddress: data.emailAddress,
    fullName: data.name ?? `${firstName} ${lastName}`.trim(),
    firstName,
    lastName,
    appUserId: String(data.userId),
    isLoggedIn: true,
    isVerified: data.isVerified,
    userType: data.userType,
    mobileNo: data.mobileNo ?? '',
    MFAs: data.MFAs ?? [],
    stripeCustomerId: data.stripeCustomerId ?? '',
  };
}

/** POST /api/auth/login; on success stores the session and routes by role and verification. */
export function useSignIn() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (form: SignInForm) => api.data(login, { body: form }),
    onSuccess(data) {
      const session = sessionStore.apply(signIn, sessionFromLogin(data));
      navigate(landingPathFor(session), { replace: true });
    },
  });
}
