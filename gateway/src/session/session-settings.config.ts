/** Where express-session keeps sessions in Redis. */
export const SESSION_PREFIX = 'session:';

/** A session nobody used for this long has ended, whatever its absolute lifetime left. */
export const SESSION_IDLE_SECONDS = 24 * 3600;

/** How stale the session's last-seen time may get before a request writes it (one write per period). */
export const SESSION_SEEN_GRANULARITY_SECONDS = 15 * 60;

/** Over https the cookies carry the `__Host-` prefix: Secure, Path=/, no Domain, set by this host only. */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-mmfa.sid' : 'mmfa.sid');
export const deviceCookieName = (secure: boolean) => (secure ? '__Host-mmfa.device' : 'mmfa.device');

/** Seconds a session has left: the earlier of its absolute end (from sign-in) and its idle end. */
export function sessionSecondsLeft(
  session: { startedAt?: number; lastSeenAt?: number },
  absoluteSeconds: number,
  now: number,
): number {
  const startedAt = session.startedAt ?? now;
  const lastSeenAt = session.lastSeenAt ?? startedAt;
  const endsAt = Math.min(startedAt + absoluteSeconds * 1000, lastSeenAt + SESSION_IDLE_SECONDS * 1000);
  return Math.ceil((endsAt - now) / 1000);
}
