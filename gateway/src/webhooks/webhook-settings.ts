export const WEBHOOK_SETTINGS = Symbol('WEBHOOK_SETTINGS');

export interface WebhookSettings {
  /** The public origin the providers post to (no trailing slash): Twilio signs `<it><path and query>`. */
  publicApiUrl: string;
}
