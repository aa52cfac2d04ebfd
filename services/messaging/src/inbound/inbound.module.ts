import { QUEUE_CONNECTION } from '@multimfa/service-runtime';
import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { DirectoryModule } from '../directory/directory.module.js';
import { ForwardingModule } from '../forwarding/forwarding.module.js';
import { MessageLogModule } from '../message-log/message-log.module.js';
import { ProvidersModule } from '../providers/providers.module.js';
import { QueueModule } from '../queue/queue.module.js';
import { TripwireModule } from '../tripwire/tripwire.module.js';
import { ArrivalPublisher, RedisArrivalPublisher } from './arrival.publisher.js';
import { CodeExtractor, PackageCodeExtractor } from './code.extractor.js';
import { InboundController } from './inbound.controller.js';
import { InboundService } from './inbound.service.js';
import { InboundMessagesRepository } from './inbound-messages.repository.js';
import { InboundReconciliationService } from './inbound-reconciliation.service.js';
import { ReconciliationCheckpointsRepository } from './reconciliation-checkpoints.repository.js';
import { UnownedTextsWorker } from './unowned-texts.worker.js';

/**
 * Inbound texts: the endpoint, the code found in each, its owner from the directory, its forwards
 * asked of forwarding, its log entry and events, and the arrival announcement for the bot feed
 * (Redis pub/sub, on the queue connection); the texts whose webhook never came, recovered from
 * Twilio's log. The first code of a service on a number trips the owner's notice (the tripwire).
 */
@Module({})
export class InboundModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: InboundModule,
    imports: [
      QueueModule.forRoot(config),
      DirectoryModule.forRoot(config),
      ForwardingModule.forRoot(config),
      MessageLogModule,
      ProvidersModule.forRoot(config),
      TripwireModule.forRoot(config),
    ],
    providers: [
      {
        provide: ArrivalPublisher,
        useFactory: (connection: Redis) => new RedisArrivalPublisher(connection),
        inject: [QUEUE_CONNECTION],
      },
      { provide: CodeExtractor, useFactory: () => new PackageCodeExtractor() },
      InboundMessagesRepository,
      InboundService,
      ReconciliationCheckpointsRepository,
      InboundReconciliationService,
      UnownedTextsWorker,
    ],
    controllers: [InboundController],
  }));
}
