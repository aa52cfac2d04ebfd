import { QUEUE_CONNECTION, QUEUE_PREFIX } from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { SubscriptionNoticesRepository } from '../billing-notices/subscription-notices.repository.js';
import { SubscriptionsSubscriber } from '../billing-notices/subscriptions.subscriber.js';
import type { MessagingConfig } from '../config/messaging.config.js';
import { ContactController } from '../contact/contact.controller.js';
import { ContactService } from '../contact/contact.service.js';
import { ContactMessagesRepository } from '../contact/contact-messages.repository.js';
import { DirectoryModule } from '../directory/directory.module.js';
import { NotificationsSubscriber } from '../notifications/notifications.subscriber.js';
import { InvitationRejectionNoticesRepository } from '../owner-notices/invitation-rejection-notices.repository.js';
import { InvitationsSubscriber } from '../owner-notices/invitations.subscriber.js';
import { UserContactsRepository } from '../owner-notices/user-contacts.repository.js';
import { UsersSubscriber } from '../owner-notices/users.subscriber.js';
import { PromotionEmailsRepository } from '../promotions/promotion-emails.repository.js';
import { PromotionEmailsService } from '../promotions/promotion-emails.service.js';
import { PromotionsSubscriber } from '../promotions/promotions.subscriber.js';
import { UnsubscribeController } from '../promotions/unsubscribe.controller.js';
import { UnsubscribeLink } from '../promotions/unsubscribe-link.js';
import { ProvidersModule } from '../providers/providers.module.js';
import { BullEmailQueue, EmailQueue } from '../queue/email-queue.js';
import { QueueModule } from '../queue/queue.module.js';
import { EmailWorker } from './email.worker.js';
import { EMAIL_SETTINGS } from './email-settings.js';
import { EmailsRepository } from './emails.repository.js';
import { EmailsService } from './emails.service.js';

/**
 * E-mail: identity's notification requests, the contact form's messages to support, the owner told of
 * a rejected invitation (with messaging's view of identity's users), templates, the sending queue and
 * its worker, SendGrid.
 */
@Module({})
export class EmailModule {
  static forRoot(config: MessagingConfig): DynamicModule {
    return {
      module: EmailModule,
      // The e-mail service and settings are shared with the notices.
      global: true,
      imports: [
        QueueModule.forRoot(config),
        ProvidersModule.forRoot(config),
        DirectoryModule.forRoot(config),
      ],
      providers: [
        {
          provide: EMAIL_SETTINGS,
          useValue: {
            webUrl: config.PUBLIC_WEB_URL,
            sealingKey: config.EVENT_SEALING_KEY,
            supportAddress: config.SUPPORT_EMAIL,
          },
        },
        {
          provide: EmailQueue,
          useFactory: (connection: Redis, prefix: string) => new BullEmailQueue(connection, prefix),
          inject: [QUEUE_CONNECTION, QUEUE_PREFIX],
        },
        EmailsRepository,
        EmailsService,
        EmailWorker,
        ContactMessagesRepository,
        ContactService,
        SubscriptionNoticesRepository,
        InvitationRejectionNoticesRepository,
        UserContactsRepository,
        PromotionEmailsRepository,
        PromotionEmailsService,
        // Its own key, derived from the sealing key: only messaging makes and checks the links.
        {
          provide: UnsubscribeLink,
          useValue: new UnsubscribeLink(`unsubscribe:${config.EVENT_SEALING_KEY}`),
        },
      ],
      controllers: [
        NotificationsSubscriber,
        ContactController,
        SubscriptionsSubscriber,
        UsersSubscriber,
        InvitationsSubscriber,
        PromotionsSubscriber,
        UnsubscribeController,
      ],
      exports: [EMAIL_SETTINGS, EmailsService],
    };
  }
}
