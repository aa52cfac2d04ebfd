import { createHmac } from 'node:crypto';

/**
 * `X-Twilio-Signature`: base64 HMAC-SHA1 keyed with the auth token over the full URL followed by every
 * POST parameter's name and value, names sorted (https://www.twilio.com/docs/usage/security).
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf-8')).digest('base64');
}
