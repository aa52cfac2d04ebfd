import { LOGGER, type Logger, QUEUE_CONNECTION, QUEUE_PREFIX } from '@multimfa/service-runtime';
import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { ProvidersModule } from '../providers/providers.module.js';
import { BullEmailQueue, EmailQueue } from '../queue/email.queue.js';
import { QueueModule } from '../queue/queue.module.js';
import { EmailComposers } from './email.composers.js';
import { EMAIL_SETTINGS, type EmailSettings } from './email.settings.js';
import { EmailWorker } from './email.worker.js';
import { EmailsRepository } from './emails.repository.js';
import { EmailsService } from './emails.service.js';

/**
 * E-mail: every e-mail recorded, queued, composed by the folder that recorded it and sent through
 * SendGrid by the worker, with retries. The folders that write e-mails import it for the service,
 * the composers' registry and the settings their e-mails need.
 */
@Module({})
export class EmailModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: EmailModule,
    imports: [QueueModule.forRoot(config), ProvidersModule.forRoot(config)],
    providers: [
      {
        provide: EMAIL_SETTINGS,
        useValue: {
          webUrl: config.PUBLIC_WEB_URL,
          sealingKey: config.EVENT_SEALING_KEY,
          supportAddress: config.SUPPORT_EMAIL,
        } satisfies EmailSettings,
      },
      {
        provide: EmailQueue,
        useFactory: (connection: Redis, prefix: string, logger: Logger) =>
          new BullEmailQueue(connection, prefix, logger),
        inject: [QUEUE_CONNECTION, QUEUE_PREFIX, LOGGER],
      },
      EmailsRepository,
      EmailComposers,
      EmailsService,
      EmailWorker,
    ],
    exports: [EMAIL_SETTINGS, EmailComposers, EmailsService],
  }));
}
