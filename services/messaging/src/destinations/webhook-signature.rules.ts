import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header each webhook delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'MultiMFA-Signature';

/**
 * How old a signed delivery a receiver should still accept, as Stripe advises for its own: five
 * minutes either way. A receiver compares `t` with its clock and refuses older ones (replays).
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A new destination's signing secret: shown to the owner once, kept sealed. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');

/**
 * The signature of `body` sent at `at`: Stripe's scheme, an HMAC-SHA256 keyed with the destination's
 * secret over `<timestamp>.<body>`.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/**
 * How a receiver checks a delivery (the sandbox's receiver and the documentation's example do it
 * this way): the header parses, its time is within the tolerance of `now`, and one of its `v1`
 * signatures matches (compared in constant time).
 */
export function verifySignature(
  header: string,
  body: string,
  secret: string,
  now: Date,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('=') as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  return parts
    .filter(([key, value]) => key === 'v1' && value && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value as string, 'hex'), expected));
}
