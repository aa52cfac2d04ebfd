import { QUEUE_CONNECTION, QUEUE_PREFIX } from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { MessagingConfig } from '../config/messaging.config.js';
import { ProvidersModule } from '../providers/providers.module.js';
import { QueueModule } from '../queue/queue.module.js';
import { BullSmsQueue, SmsQueue } from '../queue/sms-queue.js';
import { InvitationSmsService } from './invitation-sms.service.js';
import { OutboundSmsRepository } from './outbound-sms.repository.js';
import { SmsWorker } from './sms.worker.js';

/** The product's own SMS (member invitations), sent through Twilio from the MultiMFA's number. */
@Module({})
export class SmsModule {
  static forRoot(config: MessagingConfig): DynamicModule {
    return {
      module: SmsModule,
      // The invitation SMS is shared with the notifications subscriber.
      global: true,
      imports: [QueueModule.forRoot(config), ProvidersModule.forRoot(config)],
      providers: [
        {
          provide: SmsQueue,
          useFactory: (connection: Redis, prefix: string) => new BullSmsQueue(connection, prefix),
          inject: [QUEUE_CONNECTION, QUEUE_PREFIX],
        },
        OutboundSmsRepository,
        InvitationSmsService,
        SmsWorker,
      ],
      exports: [InvitationSmsService],
    };
  }
}
