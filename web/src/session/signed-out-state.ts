/**
 * Route state of the page a sign-out lands on. Sign-out leaves the page before it clears the session
 * (see use-sign-out), so for one render the sign-in page still sees a signed-in session: this state
 * tells it not to send that user on to the dashboard.
 */
export const signedOutState = { signedOut: true } as const;

export function isSignedOutState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'signedOut' in state && state.signedOut === true;
}
