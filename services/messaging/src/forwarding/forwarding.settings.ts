export const FORWARDING_SETTINGS = Symbol('FORWARDING_SETTINGS');

export interface ForwardingSettings {
  /** `<PUBLIC_API_URL>/api/webhooks/twilio/status`: where Twilio reports each forwarded SMS's status. */
  smsStatusCallbackUrl: string;
}
