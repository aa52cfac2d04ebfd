/** Route state of /verify right after a sign-up, which e-mailed a code itself. */
export interface VerifyRouteState {
  codeSent: true;
}

/** The route state of /verify when it says a code was just sent, else undefined (history is input). */
export function readVerifyRouteState(state: unknown): VerifyRouteState | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  return (state as Record<string, unknown>).codeSent === true ? { codeSent: true } : undefined;
}
