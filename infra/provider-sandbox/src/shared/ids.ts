import { randomBytes, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` random base-62 characters (uniform: rejection-free via randomInt). */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += BASE62[randomInt(BASE62.length)];
  return out;
}

/** A Stripe-style id: `cus_`, `pm_`, `pi_`, `ch_`, `evt_`, `req_` followed by 24 base-62 characters. */
export function stripeId(prefix: string): string {
  return `${prefix}_${randomBase62(24)}`;
}

/** A Twilio SID: two upper-case letters and 32 lower-case hex digits (`SM…`, `PN…`). */
export function twilioSid(prefix: string): string {
  return `${prefix}${randomBytes(16).toString('hex')}`;
}

/** An opaque URL-safe token with `bytes` bytes of entropy. */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}
