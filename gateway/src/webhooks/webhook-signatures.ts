import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import twilio from 'twilio';

/** Checks Twilio's `X-Twilio-Signature` (HMAC-SHA1 of the URL it posted to and the form) with the SDK. */
export class TwilioSignature {
  constructor(private readonly authToken: string) {}

  valid(signature: string | undefined, url: string, params: Record<string, string>): boolean {
    if (!signature) return false;
    return twilio.validateRequest(this.authToken, signature, url, params);
  }
}

/**
 * Checks SendGrid's signed event webhook: ECDSA P-256 / SHA-256 over the timestamp followed by the
 * raw body, signature base64 DER; the key is the base64 DER public key SendGrid's console shows.
 */
export class SendGridSignature {
  private readonly key: KeyObject | undefined;

  constructor(publicKey: string | undefined) {
    this.key = publicKey
      ? createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' })
      : undefined;
  }

  valid(signature: string | undefined, timestamp: string | undefined, body: Buffer): boolean {
    if (!this.key || !signature || !timestamp) return false;
    try {
      return verify(
        'sha256',
        Buffer.concat([Buffer.from(timestamp, 'utf8'), body]),
        this.key,
        Buffer.from(signature, 'base64'),
      );
    } catch {
      return false;
    }
  }
}
