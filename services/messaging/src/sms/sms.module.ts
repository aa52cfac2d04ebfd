import { LOGGER, type Logger, QUEUE_CONNECTION, QUEUE_PREFIX } from '@multimfa/service-runtime';
import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { ProvidersModule } from '../providers/providers.module.js';
import { QueueModule } from '../queue/queue.module.js';
import { BullSmsQueue, SmsQueue } from '../queue/sms.queue.js';
import { InvitationDetailsRepository } from './invitation-details.repository.js';
import { InvitationSmsService } from './invitation-sms.service.js';
import { OutboundSmsRepository } from './outbound-sms.repository.js';
import { SMS_SETTINGS, type SmsSettings } from './sms.settings.js';
import { SmsWorker } from './sms.worker.js';

/**
 * The product's own SMS (member invitations): recorded, queued and sent through Twilio from the
 * MultiMFA's number by the worker. The invitation SMS service and what invitations name are exported
 * for notifications.
 */
@Module({})
export class SmsModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: SmsModule,
    imports: [QueueModule.forRoot(config), ProvidersModule.forRoot(config)],
    providers: [
      {
        provide: SMS_SETTINGS,
        useValue: {
          webUrl: config.PUBLIC_WEB_URL,
          sealingKey: config.EVENT_SEALING_KEY,
        } satisfies SmsSettings,
      },
      {
        provide: SmsQueue,
        useFactory: (connection: Redis, prefix: string, logger: Logger) =>
          new BullSmsQueue(connection, prefix, logger),
        inject: [QUEUE_CONNECTION, QUEUE_PREFIX, LOGGER],
      },
      OutboundSmsRepository,
      InvitationDetailsRepository,
      InvitationSmsService,
      SmsWorker,
    ],
    exports: [InvitationSmsService, InvitationDetailsRepository],
  }));
}
