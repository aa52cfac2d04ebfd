import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/api-error';
import type { SignInResult } from '../../session/session.actions';
import type { GoogleSignUpState } from './auth-route-state';
import { readSsoCallback, withoutSsoParams } from './sso-callback';
import { useCompleteSignIn } from './use-sign-in';

type SsoOutcome = { kind: 'signed-in'; user: SignInResult } | { kind: 'sign-up'; prefill: GoogleSignUpState };

/** Registered: sign in (loginSSO). Not registered: what the sign-up form needs (section 4, Single sign-on). */
async function continueWithGoogle(emailAddress: string): Promise<SsoOutcome> {
  // Loaded only when Google sends the browser back, not with the sign-in route.
  const [{ api }, { checkSSOStatus, loginSSO }, { sessionFromUser }] = await Promise.all([
    import('../../api/api-client'),
    import('@multimfa/api-contract'),
    import('../../session/session-user'),
  ]);
  const status = await api.data(checkSSOStatus, { body: { emailAddress } });
  if (status.registered) {
    return {
      kind: 'signed-in',
      user: sessionFromUser(await api.data(loginSSO, { body: { emailAddress } })),
    };
  }
  return {
    kind: 'sign-up',
    prefill: {
      fullName: status.fullName,
      emailAddress: status.emailAddress || emailAddress,
      firstName: status.firstName,
      lastName: status.lastName,
      provider: 'GOOGLE',
    },
  };
}

export interface SsoCallbackState {
  /** True from the first render of a successful callback until its calls fail (success leaves the page). */
  busy: boolean;
  /** The message to show under the sign-in form. */
  error: string | undefined;
}

/**
 * Handles the Google callback on the sign-in page, once: removes its query string from the address, then
 * signs in (same routing as a password login) or goes to /signup with the names Google gave.
 */
export function useSsoCallback(): SsoCallbackState {
  const [params, setParams] = useSearchParams();
  const [callback] = useState(() => readSsoCallback(params));
  const [error, setError] = useState(callback?.kind === 'error' ? callback.message : undefined);
  const completeSignIn = useCompleteSignIn();
  const navigate = useNavigate();
  const { mutate, isError } = useMutation({
    mutationFn: continueWithGoogle,
    onSuccess(outcome) {
      if (outcome.kind === 'signed-in') completeSignIn(outcome.user);
      else void navigate('/signup', { state: outcome.prefill });
    },
    onError(failure) {
      setError(errorMessage(failure));
    },
  });

  const handled = useRef(false);
  useEffect(() => {
    if (!callback || handled.current) return;
    handled.current = true;
    setParams((current) => withoutSsoParams(current), { replace: true });
    if (callback.kind === 'google') mutate(callback.emailAddress);
  }, [callback, setParams, mutate]);

  return { busy: callback?.kind === 'google' && !isError, error };
}
