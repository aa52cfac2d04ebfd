import type { Provider } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway.config.js';
import { MessagesService } from '../messages/messages.service.js';
import { WEBHOOK_SETTINGS } from './webhook-settings.js';
import { SendGridSignature, TwilioSignature } from './webhook-signatures.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * What the providers' webhooks need (their signature checks, the public URL, the calls to messaging),
 * and the MultiMFA detail page's recent texts.
 */
export function webhookProviders(config: GatewayConfig): Provider[] {
  return [
    {
      provide: WEBHOOK_SETTINGS,
      useValue: { publicApiUrl: (config.PUBLIC_API_URL ?? config.PUBLIC_URL).replace(/\/+$/, '') },
    },
    { provide: TwilioSignature, useValue: new TwilioSignature(config.TWILIO_AUTH_TOKEN) },
    { provide: SendGridSignature, useValue: new SendGridSignature(config.SENDGRID_EVENT_WEBHOOK_PUBLIC_KEY) },
    WebhooksService,
    MessagesService,
  ];
}
