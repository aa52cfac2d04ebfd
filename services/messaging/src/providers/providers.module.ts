import { Clock } from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import { EmailSender } from './email-sender.port.js';
import { InboundSmsLog } from './inbound-sms-log.port.js';
import { providerBackoff } from './retry-delay.rules.js';
import { SendGridEmailSender } from './sendgrid-email-sender.adapter.js';
import { SmsSender } from './sms-sender.port.js';
import { TwilioInboundSmsLog } from './twilio-inbound-sms-log.adapter.js';
import { TwilioSmsSender } from './twilio-sms-sender.adapter.js';

/** The providers' accounts and API addresses, as messaging's config names them. */
export interface ProviderSettings {
  SENDGRID_API_KEY: string;
  SENDGRID_API_URL: string;
  EMAIL_FROM_ADDRESS: string;
  EMAIL_FROM_NAME: string;
  TWILIO_ACCOUNT_SID: string;
  TWILIO_AUTH_TOKEN: string;
  TWILIO_API_URL: string;
  PROVIDER_RETRY_DELAY_SCALE: number;
}

/** The backoff settings of every worker whose jobs send through a provider (`providerBackoff`). */
export const PROVIDER_BACKOFF = Symbol('PROVIDER_BACKOFF');

const built = new WeakMap<ProviderSettings, DynamicModule>();

/**
 * The providers that carry messaging's messages: e-mail through SendGrid, SMS through Twilio (and
 * Twilio's log of the texts its numbers received), and how their sends are retried.
 * `forRoot` answers one object per settings object, as `oncePerConfig` does for the features (the
 * ground floor imports nothing of theirs): every module importing it shares one instance.
 */
@Module({})
export class ProvidersModule {
  static forRoot(settings: ProviderSettings): DynamicModule {
    const module = built.get(settings) ?? {
      module: ProvidersModule,
      providers: [
        {
          provide: EmailSender,
          useFactory: () =>
            new SendGridEmailSender(settings.SENDGRID_API_KEY, settings.SENDGRID_API_URL, {
              email: settings.EMAIL_FROM_ADDRESS,
              name: settings.EMAIL_FROM_NAME,
            }),
        },
        {
          provide: SmsSender,
          useFactory: () =>
            new TwilioSmsSender({
              accountSid: settings.TWILIO_ACCOUNT_SID,
              authToken: settings.TWILIO_AUTH_TOKEN,
              apiUrl: settings.TWILIO_API_URL,
            }),
        },
        {
          provide: PROVIDER_BACKOFF,
          useFactory: (clock: Clock) => providerBackoff(clock, settings.PROVIDER_RETRY_DELAY_SCALE),
          inject: [Clock],
        },
        {
          provide: InboundSmsLog,
          useFactory: () =>
            new TwilioInboundSmsLog({
              accountSid: settings.TWILIO_ACCOUNT_SID,
              authToken: settings.TWILIO_AUTH_TOKEN,
              apiUrl: settings.TWILIO_API_URL,
            }),
        },
      ],
      exports: [EmailSender, SmsSender, InboundSmsLog, PROVIDER_BACKOFF],
    };
    built.set(settings, module);
    return module;
  }
}
