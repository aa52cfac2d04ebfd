import { LOGGER, type Logger, QUEUE_CONNECTION, QUEUE_PREFIX } from '@multimfa/service-runtime';
import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { DestinationHttp, NodeDestinationHttp } from '../providers/destination-http.adapter.js';
import { ProvidersModule } from '../providers/providers.module.js';
import {
  BullDestinationDeliveryQueue,
  DestinationDeliveryQueue,
} from '../queue/destination-delivery.queue.js';
import { QueueModule } from '../queue/queue.module.js';
import { DestinationPoster } from './destination.poster.js';
import { DESTINATION_SETTINGS, type DestinationSettings } from './destination.settings.js';
import { DestinationDeliveriesRepository } from './destination-deliveries.repository.js';
import { DestinationDeliveryPlanner } from './destination-delivery.planner.js';
import { DestinationDeliveryService } from './destination-delivery.service.js';
import { DestinationDeliveryWorker } from './destination-delivery.worker.js';
import { DestinationsController } from './destinations.controller.js';
import { DestinationsRepository } from './destinations.repository.js';
import { DestinationsService } from './destinations.service.js';

/**
 * Destinations beside members (Slack channels, webhooks): adding and proving them, and delivering each
 * text to each of them as a job of its own queue. Forwarding plans the deliveries (the planner).
 */
@Module({})
export class DestinationsModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: DestinationsModule,
    imports: [QueueModule.forRoot(config), ProvidersModule.forRoot(config)],
    providers: [
      {
        provide: DESTINATION_SETTINGS,
        useValue: {
          slackBaseUrl: config.SLACK_WEBHOOK_BASE_URL,
          allowedPrivateHosts: new Set(config.DESTINATION_ALLOW_PRIVATE_HOSTS),
          secretKey: config.DESTINATION_SECRET_KEY ?? config.EVENT_SEALING_KEY,
        } satisfies DestinationSettings,
      },
      {
        provide: DestinationHttp,
        useFactory: () => new NodeDestinationHttp(new Set(config.DESTINATION_ALLOW_PRIVATE_HOSTS)),
      },
      {
        provide: DestinationDeliveryQueue,
        useFactory: (connection: Redis, prefix: string, logger: Logger) =>
          new BullDestinationDeliveryQueue(connection, prefix, logger),
        inject: [QUEUE_CONNECTION, QUEUE_PREFIX, LOGGER],
      },
      DestinationsRepository,
      DestinationDeliveriesRepository,
      DestinationPoster,
      DestinationsService,
      DestinationDeliveryService,
      DestinationDeliveryPlanner,
      DestinationDeliveryWorker,
    ],
    controllers: [DestinationsController],
    exports: [DestinationDeliveryPlanner, DestinationsRepository, DestinationDeliveriesRepository],
  }));
}
