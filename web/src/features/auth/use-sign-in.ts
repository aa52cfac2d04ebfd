import { login, type loginBody } from '@multimfa/api-contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { api } from '../../api/api-client';
import { signIn } from '../../session/session.actions';
import { sessionStore } from '../../session/session-store';
import { type SessionUser, sessionFromUser } from '../../session/session-user';
import { landingPathFor } from './sign-in-routing';

export type LoginBody = z.output<typeof loginBody>;

/** Stores the signed-in user in the session and routes by role and verification (password or Google). */
export function useCompleteSignIn(): (user: SessionUser) => void {
  const navigate = useNavigate();
  return useCallback(
    (user: SessionUser) => {
      const session = sessionStore.apply(signIn, sessionFromUser(user));
      void navigate(landingPathFor(session), { replace: true });
    },
    [navigate],
  );
}

/** POST /api/auth/login. */
export function useSignIn() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({
    mutationFn: (body: LoginBody) => api.data(login, { body }),
    onSuccess: completeSignIn,
  });
}
