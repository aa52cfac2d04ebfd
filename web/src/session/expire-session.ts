import { SIGN_IN_NOTICE_KEY } from '../api/sign-in-notice';
import { sessionStore } from './session-store';

const SIGN_IN_PATHS = new Set(['/', '/login']);

/**
 * What any 401 does, and any answer whose data says `expired` (customer-area section 8): local
 * storage and the in-memory session are cleared and the browser goes to /login. An expired
 * session's message is shown there. main.tsx gives it to the API client (setUnauthorizedHandler).
 */
export function expireSession(expiredMessage?: string): void {
  sessionStore.expire();
  if (expiredMessage) {
    try {
      sessionStorage.setItem(SIGN_IN_NOTICE_KEY, expiredMessage);
    } catch {
      // Storage disabled: the sign-in page shows no reason, the redirect still happens.
    }
  }
  // On the sign-in screen itself (a refused login) stay put, so the form can show the message.
  if (!SIGN_IN_PATHS.has(window.location.pathname)) window.location.assign('/login');
}
