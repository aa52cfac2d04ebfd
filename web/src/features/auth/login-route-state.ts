/** Route state of /login after a Google sign-up (customer-area section 2). */
export interface LoginRouteState {
  emailAddress: string;
  isVerified: boolean;
}

/**
 * The route state of /login when it has that shape, else undefined (route state comes from history,
 * so it is checked like any other input). Checked by hand, not with zod: the sign-in route's first
 * load must not carry zod (issue 17's 170 KB budget), and two typeof checks say the same.
 */
export function readLoginRouteState(state: unknown): LoginRouteState | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { emailAddress, isVerified } = state as Record<string, unknown>;
  if (typeof emailAddress !== 'string' || typeof isVerified !== 'boolean') return undefined;
  return { emailAddress, isVerified };
}
