export const DESTINATION_SETTINGS = Symbol('DESTINATION_SETTINGS');

export interface DestinationSettings {
  /** `SLACK_WEBHOOK_BASE_URL`: Slack's incoming webhooks (the provider sandbox locally). */
  slackBaseUrl: string;
  /** `DESTINATION_ALLOW_PRIVATE_HOSTS`: host:port pairs a webhook may name although private or http. */
  allowedPrivateHosts: ReadonlySet<string>;
  /** Seals webhooks' signing secrets at rest (`DESTINATION_SECRET_KEY`). */
  secretKey: string;
}
