import { QUEUE_CONNECTION, QUEUE_PREFIX } from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { MessagingConfig } from '../config/messaging.config.js';
import { BullSmsQueue, SmsQueue } from '../queue/sms-queue.js';
import { InvitationSmsService } from './invitation-sms.service.js';
import { OutboundSmsRepository } from './outbound-sms.repository.js';
import { SmsWorker } from './sms.worker.js';
import { SmsSender, TwilioSmsSender } from './sms-sender.js';

/** SMS through Twilio: the sender forwarding uses, and the product's own SMS (member invitations). */
@Module({})
export class SmsModule {
  static forRoot(config: MessagingConfig): DynamicModule {
    return {
      module: SmsModule,
      // The sender is shared with forwarding, the invitation SMS with the notifications subscriber.
      global: true,
      providers: [
        {
          provide: SmsSender,
          useValue: new TwilioSmsSender({
            accountSid: config.TWILIO_ACCOUNT_SID,
            authToken: config.TWILIO_AUTH_TOKEN,
            apiUrl: config.TWILIO_API_URL,
          }),
        },
        {
          provide: SmsQueue,
          useFactory: (connection: Redis, prefix: string) => new BullSmsQueue(connection, prefix),
          inject: [QUEUE_CONNECTION, QUEUE_PREFIX],
        },
        OutboundSmsRepository,
        InvitationSmsService,
        SmsWorker,
      ],
      exports: [SmsSender, InvitationSmsService],
    };
  }
}
