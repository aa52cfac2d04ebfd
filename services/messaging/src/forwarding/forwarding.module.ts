import { LOGGER, type Logger, QUEUE_CONNECTION, QUEUE_PREFIX } from '@multimfa/service-runtime';
import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { DestinationsModule } from '../destinations/destinations.module.js';
import { DirectoryModule } from '../directory/directory.module.js';
import { MessageLogModule } from '../message-log/message-log.module.js';
import { ProvidersModule } from '../providers/providers.module.js';
import { BullForwardQueue, ForwardQueue } from '../queue/forward.queue.js';
import { QueueModule } from '../queue/queue.module.js';
import { DeliveryReportsController } from './delivery-reports.controller.js';
import { ForwardPlanService } from './forward-plan.service.js';
import { ForwardRedriveService } from './forward-redrive.service.js';
import { ForwardingService } from './forwarding.service.js';
import { FORWARDING_SETTINGS, type ForwardingSettings } from './forwarding.settings.js';
import { ForwardingWorker } from './forwarding.worker.js';
import { ForwardsRepository } from './forwards.repository.js';
import { LateForwardsService } from './late-forwards.service.js';
import { MemberVerifiedSubscriber } from './member-verified.subscriber.js';
import { RoutingRepository } from './routing.repository.js';

/**
 * Forwards: who gets each text (the routing rules among the directory's verified members and the
 * active destinations), the forward queue and its worker
 * (Twilio SMS, SendGrid e-mail), the providers' delivery reports, each status change with its event
 * and counts; the texts a member missed while the directory lagged, forwarded late; the forwards that
 * failed while their provider was down, sent again once it is back.
 */
@Module({})
export class ForwardingModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: ForwardingModule,
    imports: [
      QueueModule.forRoot(config),
      ProvidersModule.forRoot(config),
      DirectoryModule.forRoot(config),
      DestinationsModule.forRoot(config),
      MessageLogModule,
    ],
    providers: [
      {
        provide: FORWARDING_SETTINGS,
        useValue: {
          smsStatusCallbackUrl: `${config.PUBLIC_API_URL.replace(/\/+$/, '')}/api/webhooks/twilio/status`,
        } satisfies ForwardingSettings,
      },
      {
        provide: ForwardQueue,
        useFactory: (connection: Redis, prefix: string, logger: Logger) =>
          new BullForwardQueue(connection, prefix, logger),
        inject: [QUEUE_CONNECTION, QUEUE_PREFIX, LOGGER],
      },
      ForwardsRepository,
      ForwardingService,
      ForwardPlanService,
      ForwardingWorker,
      LateForwardsService,
      ForwardRedriveService,
      RoutingRepository,
    ],
    controllers: [DeliveryReportsController, MemberVerifiedSubscriber],
    exports: [ForwardPlanService, RoutingRepository],
  }));
}
