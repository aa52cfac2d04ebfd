import type { loginBody } from '@multimfa/api-contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { type SignInResult, signIn } from '../../session/session.actions';
import { sessionStore } from '../../session/session-store';
import { landingPathFor } from './sign-in-routing';

export type LoginBody = z.output<typeof loginBody>;

/** Stores the signed-in user in the session and routes by role and verification (password or Google). */
export function useCompleteSignIn(): (user: SignInResult) => void {
  const navigate = useNavigate();
  return useCallback(
    (user: SignInResult) => {
      const session = sessionStore.apply(signIn, user);
      void navigate(landingPathFor(session), { replace: true });
    },
    [navigate],
  );
}

/** POST /api/auth/login. */
export function useSignIn() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({
    // The client and the contract load on the first sign-in, not with the sign-in route.
    mutationFn: async (body: LoginBody) => {
      const [{ api }, { login }, { sessionFromUser }] = await Promise.all([
        import('../../api/api-client'),
        import('@multimfa/api-contract'),
        import('../../session/session-user'),
      ]);
      return sessionFromUser(await api.data(login, { body }));
    },
    onSuccess: completeSignIn,
  });
}
