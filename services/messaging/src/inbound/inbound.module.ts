import { QUEUE_CONNECTION, QUEUE_PREFIX } from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { MessagingConfig } from '../config/messaging.config.js';
import { DirectoryModule } from '../directory/directory.module.js';
import { ForwardingService } from '../forwarding/forwarding.service.js';
import { ForwardingWorker } from '../forwarding/forwarding.worker.js';
import { FORWARDING_SETTINGS } from '../forwarding/forwarding-settings.js';
import { ForwardsRepository } from '../forwarding/forwards.repository.js';
import { MessageLogModule } from '../message-log/message-log.module.js';
import { ProvidersModule } from '../providers/providers.module.js';
import { BullForwardQueue, ForwardQueue } from '../queue/forward-queue.js';
import { QueueModule } from '../queue/queue.module.js';
import { ArrivalPublisher, RedisArrivalPublisher } from './arrival-publisher.js';
import { CodeExtractor, PackageCodeExtractor } from './code-extractor.js';
import { InboundController } from './inbound.controller.js';
import { InboundService } from './inbound.service.js';
import { InboundMessagesRepository } from './inbound-messages.repository.js';

/**
 * Inbound texts and their forwards: messaging's view of MFAs and members (numbers' events), the
 * inbound endpoint, the forward queue and its worker (Twilio SMS, SendGrid e-mail), delivery reports,
 * the message log and counts, and the arrival announcement for the bot feed.
 */
@Module({})
export class InboundModule {
  static forRoot(config: MessagingConfig): DynamicModule {
    return {
      module: InboundModule,
      imports: [
        QueueModule.forRoot(config),
        ProvidersModule.forRoot(config),
        DirectoryModule.forRoot(config),
        MessageLogModule,
      ],
      providers: [
        {
          provide: FORWARDING_SETTINGS,
          useValue: {
            smsStatusCallbackUrl: `${config.PUBLIC_API_URL.replace(/\/+$/, '')}/api/webhooks/twilio/status`,
          },
        },
        {
          provide: ForwardQueue,
          useFactory: (connection: Redis, prefix: string) => new BullForwardQueue(connection, prefix),
          inject: [QUEUE_CONNECTION, QUEUE_PREFIX],
        },
        {
          provide: ArrivalPublisher,
          useFactory: (connection: Redis) => new RedisArrivalPublisher(connection),
          inject: [QUEUE_CONNECTION],
        },
        { provide: CodeExtractor, useValue: new PackageCodeExtractor() },
        InboundMessagesRepository,
        ForwardsRepository,
        InboundService,
        ForwardingService,
        ForwardingWorker,
      ],
      controllers: [InboundController],
    };
  }
}
