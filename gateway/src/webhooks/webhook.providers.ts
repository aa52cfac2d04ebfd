import { createPublicKey } from 'node:crypto';
import type { Provider } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway.config.js';
import { WEBHOOK_SETTINGS, type WebhookSettings } from './webhook-settings.token.js';
import { WebhooksService } from './webhooks.service.js';

/** What the providers' webhooks need: the keys and public URL their signatures are checked with, the calls on. */
export function webhookProviders(config: GatewayConfig): Provider[] {
  const sendgridKey = config.SENDGRID_EVENT_WEBHOOK_PUBLIC_KEY;
  const settings: WebhookSettings = {
    publicApiUrl: (config.PUBLIC_API_URL ?? config.PUBLIC_URL).replace(/\/+$/, ''),
    twilioAuthToken: config.TWILIO_AUTH_TOKEN,
    // The base64 DER public key SendGrid's console shows.
    sendgridPublicKey: sendgridKey
      ? createPublicKey({ key: Buffer.from(sendgridKey, 'base64'), format: 'der', type: 'spki' })
      : undefined,
  };
  return [{ provide: WEBHOOK_SETTINGS, useValue: settings }, WebhooksService];
}
