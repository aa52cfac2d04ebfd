import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/api-client';
import { ApiError, errorMessage } from '../api/api-error';
import { logout } from '../features/auth/auth.endpoints';
import { signOut } from './session.actions';
import { sessionStore } from './session-store';

/**
 * Sign-out (customer-area sections 4 and 8): POST /api/auth/logout, then the session is cleared and the
 * browser goes home. A failed call shows an alert with its message; the local session is cleared anyway,
 * because the user asked to leave (a 401 means the server session had already ended).
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await api.call(logout);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) window.alert(errorMessage(error));
    }
    // Leave the page first: clearing the session on a guarded page would make its guard send the
    // browser to /login instead of home.
    await navigate('/', { replace: true });
    sessionStore.apply(signOut);
    queryClient.clear();
  }, [navigate, queryClient]);
}
