/**
 * The message of an expired session on its way to the sign-in page: the API client stores it before
 * sending the browser to /login, the sign-in page takes it. Apart from the client so the sign-in
 * route's first load does not carry the client (and its zod schemas).
 */

/** Where the message of an expired session waits for the sign-in page (it survives the page load). */
export const SIGN_IN_NOTICE_KEY = 'signInNotice';

/** The notice taken from storage by this page load (`null`: not taken yet). */
let takenNotice: string | undefined | null = null;

/**
 * The message to show on /login after an expired session sent the browser there. The first call of
 * a page load moves it out of storage (a reload does not show it again); every later call in the
 * same page load answers the same, so a sign-in page that mounts twice (Strict Mode, a re-suspended
 * route) still shows it.
 */
export function takeSignInNotice(): string | undefined {
  if (takenNotice !== null) return takenNotice;
  try {
    takenNotice = sessionStorage.getItem(SIGN_IN_NOTICE_KEY) ?? undefined;
    sessionStorage.removeItem(SIGN_IN_NOTICE_KEY);
  } catch {
    takenNotice = undefined;
  }
  return takenNotice;
}
