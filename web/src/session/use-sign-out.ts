import { logout } from '@multimfa/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/api-client';
import { ApiError, errorMessage } from '../api/api-error';
import { signOut } from './session.actions';
import { sessionStore } from './session-store';
import { signedOutState } from './signed-out-state';

/**
 * Ends the session in this browser only: goes to `path`, then resets the session and the server-state
 * cache. For when the server has already ended it (a password change) and for sign-out below.
 */
export function useEndSession(): (path: string) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (path: string) => {
      // Leave the page first: clearing the session on a guarded page would make its guard send the
      // browser to /login instead of `path`. The router renders the new page in a transition, so the
      // guarded page may still show when the session clears; `flushSync` commits the navigation's
      // loading state at once, and guards do not redirect while a navigation is under way.
      await navigate(path, { replace: true, state: signedOutState, flushSync: true });
      sessionStore.apply(signOut);
      queryClient.clear();
    },
    [navigate, queryClient],
  );
}

/**
 * Sign-out (customer-area sections 4 and 8): POST /api/auth/logout, then the session is cleared and the
 * browser goes home. A failed call shows an alert with its message; the local session is cleared anyway,
 * because the user asked to leave (a 401 means the server session had already ended).
 */
export function useSignOut(): () => Promise<void> {
  const endSession = useEndSession();
  return useCallback(async () => {
    try {
      await api.call(logout);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) window.alert(errorMessage(error));
    }
    await endSession('/');
  }, [endSession]);
}
