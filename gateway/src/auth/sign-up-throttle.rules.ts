import { createHash } from 'node:crypto';
import type { AttemptTier } from './attempt.limiter.js';

/**
 * Sign-up limits, counted over 10 minutes and paused for 10 minutes when reached, so a flood stops and
 * an office behind one network waits minutes, not hours:
 * - per client network (/24, /64), whatever the addresses (`SIGNUP_LIMIT_PER_NETWORK`, default 10);
 * - per network and target address together: 3 (a typo retried, not a mailbox bombed);
 * - per target address from every network: 10.
 * Signing in is counted apart (the login throttle), so a sign-up flood never keeps a user out.
 */
export const SIGN_UP_THROTTLE = {
  windowSeconds: 10 * 60,
  lockSeconds: 10 * 60,
  perNetworkAndAddress: 3,
  perAddress: 10,
} as const;

/** The address as the keys hold it: a digest, so Redis never stores who signed up. */
const addressKey = (emailAddress: string) =>
  createHash('sha256').update(emailAddress.trim().toLowerCase()).digest('base64url').slice(0, 22);

/** The tiers one sign-up is counted in, from `network` (its /24 or /64) for `emailAddress`. */
export function signUpTiers(network: string, emailAddress: string, perNetwork: number): AttemptTier[] {
  const address = addressKey(emailAddress);
  const tier = (key: string, limit: number): AttemptTier => ({
    key,
    limit,
    windowSeconds: SIGN_UP_THROTTLE.windowSeconds,
    lockSeconds: [SIGN_UP_THROTTLE.lockSeconds],
  });
  return [
    tier(`signup:pair:${network}:${address}`, SIGN_UP_THROTTLE.perNetworkAndAddress),
    tier(`signup:net:${network}`, perNetwork),
    tier(`signup:addr:${address}`, SIGN_UP_THROTTLE.perAddress),
  ];
}
