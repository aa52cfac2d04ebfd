import { useEffect } from 'react';
import { ApiError } from '../api/api-error';
import { signIn } from './session.actions';
import { sessionStore } from './session-store';

let started = false;

/**
 * Brings a stored signed-in session up to date with the server (GET /api/auth/session): names,
 * verification, MFAs. A 401 is handled by the API client (everything cleared, /login); any other
 * failure keeps the stored session.
 */
export async function refreshSession(): Promise<void> {
  if (!sessionStore.getSnapshot().isLoggedIn) return;
  try {
    // The client and the contract load here, after the first paint, not with the app's entry.
    const [{ api }, { currentSession }, { sessionFromUser }] = await Promise.all([
      import('../api/api-client'),
      import('@multimfa/api-contract'),
      import('./session-user'),
    ]);
    const user = await api.data(currentSession);
    // Signed out while the call was under way: the answer must not sign the browser back in.
    if (!sessionStore.getSnapshot().isLoggedIn) return;
    sessionStore.apply(signIn, sessionFromUser(user));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401))
      console.warn('Unable to refresh the session', error);
  }
}

/** Refreshes the stored session once, when the app starts. */
export function useSessionRefresh(): void {
  useEffect(() => {
    if (started) return;
    started = true;
    void refreshSession();
  }, []);
}
