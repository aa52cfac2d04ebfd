import type { KeyObject } from 'node:crypto';

export const WEBHOOK_SETTINGS = Symbol('WEBHOOK_SETTINGS');

/** What the providers' signature guards check with. */
export interface WebhookSettings {
  /** The public origin the providers post to (no trailing slash): Twilio signs `<it><path and query>`. */
  publicApiUrl: string;
  /** Twilio's auth token: the key of its HMAC-SHA1 signatures. */
  twilioAuthToken: string;
  /** SendGrid's event-webhook verification key (unset: every event post is refused). */
  sendgridPublicKey: KeyObject | undefined;
}
