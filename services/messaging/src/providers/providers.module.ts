import { Module } from '@nestjs/common';
import { oncePerConfig } from '../config/once-per-config.js';
import { EmailSender } from './email.sender.js';
import { SendGridEmailSender } from './sendgrid-email.adapter.js';
import { SmsSender } from './sms.sender.js';
import { TwilioSmsSender } from './twilio-sms.adapter.js';

/** The providers that carry messaging's messages: e-mail through SendGrid, SMS through Twilio. */
@Module({})
export class ProvidersModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: ProvidersModule,
    providers: [
      {
        provide: EmailSender,
        useFactory: () =>
          new SendGridEmailSender(config.SENDGRID_API_KEY, config.SENDGRID_API_URL, {
            email: config.EMAIL_FROM_ADDRESS,
            name: config.EMAIL_FROM_NAME,
          }),
      },
      {
        provide: SmsSender,
        useFactory: () =>
          new TwilioSmsSender({
            accountSid: config.TWILIO_ACCOUNT_SID,
            authToken: config.TWILIO_AUTH_TOKEN,
            apiUrl: config.TWILIO_API_URL,
          }),
      },
    ],
    exports: [EmailSender, SmsSender],
  }));
}
