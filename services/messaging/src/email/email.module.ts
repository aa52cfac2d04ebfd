import { type DynamicModule, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { MessagingConfig } from '../config/messaging.config.js';
import { ContactController } from '../contact/contact.controller.js';
import { ContactService } from '../contact/contact.service.js';
import { ContactMessagesRepository } from '../contact/contact-messages.repository.js';
import { NotificationsSubscriber } from '../notifications/notifications.subscriber.js';
import { BullEmailQueue, EmailQueue } from '../queue/email-queue.js';
import { EmailWorker, QUEUE_CONNECTION, QUEUE_PREFIX } from './email.worker.js';
import { EmailSender, SendGridEmailSender } from './email-sender.js';
import { EMAIL_SETTINGS } from './email-settings.js';
import { EmailsRepository } from './emails.repository.js';
import { EmailsService } from './emails.service.js';

class QueueConnection implements OnApplicationShutdown {
  readonly redis: Redis;
  constructor(url: string) {
    // BullMQ workers block on Redis: no per-command retry limit.
    this.redis = new Redis(url, { maxRetriesPerRequest: null });
  }
  async onApplicationShutdown() {
    this.redis.disconnect();
  }
}

/**
 * E-mail: identity's notification requests and the contact form's messages to support, templates, the
 * sending queue and its worker, SendGrid.
 */
@Module({})
export class EmailModule {
  static forRoot(config: MessagingConfig): DynamicModule {
    const connection = new QueueConnection(config.REDIS_URL);
    const prefix = `${config.REDIS_KEY_PREFIX}${config.KAFKA_TOPIC_PREFIX}bull`;
    return {
      module: EmailModule,
      providers: [
        { provide: QueueConnection, useValue: connection },
        { provide: QUEUE_CONNECTION, useValue: connection.redis },
        { provide: QUEUE_PREFIX, useValue: prefix },
        {
          provide: EMAIL_SETTINGS,
          useValue: {
            webUrl: config.PUBLIC_WEB_URL,
            sealingKey: config.EVENT_SEALING_KEY,
            supportAddress: config.SUPPORT_EMAIL,
          },
        },
        { provide: EmailQueue, useValue: new BullEmailQueue(connection.redis, prefix) },
        {
          provide: EmailSender,
          useValue: new SendGridEmailSender(config.SENDGRID_API_KEY, config.SENDGRID_API_URL, {
            email: config.EMAIL_FROM_ADDRESS,
            name: config.EMAIL_FROM_NAME,
          }),
        },
        EmailsRepository,
        EmailsService,
        EmailWorker,
        ContactMessagesRepository,
        ContactService,
      ],
      controllers: [NotificationsSubscriber, ContactController],
    };
  }
}
