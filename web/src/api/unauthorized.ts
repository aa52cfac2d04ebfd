/**
 * What a 401 does: the session's handler (session/expire-session.ts), installed by main.tsx, clears
 * the session and goes to /login. A module of its own, without zod or the client, so the entry
 * bundle can install it without loading the API client before the first page needs it.
 */
let handler: (expiredMessage?: string) => void = () => undefined;

/** Sets what a 401 does (main.tsx: the session's handler; tests their own). */
export function setUnauthorizedHandler(next: (expiredMessage?: string) => void): void {
  handler = next;
}

/** Called by the API client on a 401, or an answer that says the session expired. */
export function unauthorized(expiredMessage?: string): void {
  handler(expiredMessage);
}
