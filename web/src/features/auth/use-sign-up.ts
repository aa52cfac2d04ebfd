import { signUp as signUpCall } from '@multimfa/api-contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/api-client';
import { signUp } from '../../session/session.actions';
import { sessionStore } from '../../session/session-store';
import type { VerifyRouteState } from '../email-verification/verify-route-state';
import type { LoginRouteState } from './login-route-state';
import type { SignUpFormValues } from './sign-up.schema';

/**
 * The documented body: a Google sign-up sends no password (the server checks the Google identity).
 * The form has already refused to submit without the service agreement.
 */
function signUpBody(values: SignUpFormValues) {
  if (!values.serviceAgreementAgreed) throw new Error('the service agreement must be accepted first');
  return {
    emailAddress: values.emailAddress,
    ...(values.provider === 'NONE' ? { password: values.password } : {}),
    firstName: values.firstName,
    lastName: values.lastName,
    mobileNo: values.mobileNo,
    userType: 'CUSTOMER' as const,
    provider: values.provider,
    serviceAgreementAgreed: true as const,
    receiveMarketingEmails: values.receiveMarketingEmails,
  };
}

/**
 * POST /api/auth/signup. The server signs the new customer in; a normal sign-up goes on to enter the
 * code it e-mailed (/verify at its code step), a Google one to /login, which sends the signed-in user
 * to their landing page.
 */
export function useSignUp() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (values: SignUpFormValues) => api.data(signUpCall, { body: signUpBody(values) }),
    onSuccess(data, values) {
      sessionStore.apply(
        signUp,
        {
          emailAddress: data.emailAddress,
          fullName: data.fullName,
          appUserId: data.userId,
          isVerified: data.isVerified,
          stripeCustomerId: data.stripeCustomerId,
        },
        { firstName: values.firstName, lastName: values.lastName, mobileNo: values.mobileNo },
      );
      if (values.provider === 'GOOGLE') {
        const state: LoginRouteState = { emailAddress: data.emailAddress, isVerified: data.isVerified };
        void navigate('/login', { replace: true, state });
      } else {
        // Sign-up e-mailed a code: /verify opens at the code step.
        const state: VerifyRouteState = { codeSent: true };
        void navigate('/verify', { replace: true, state });
      }
    },
  });
}
