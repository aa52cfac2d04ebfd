import { checkKafka, EventBusModule, kafkaConnection } from '@multimfa/event-bus';
import { type Logger, ServiceRuntimeModule } from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import { BillingNoticesModule } from './billing-notices/billing-notices.module.js';
import { BotActivityModule } from './bot-activity/bot-activity.module.js';
import { BotFeedModule } from './bot-feed/bot-feed.module.js';
import { CodeAuditModule } from './code-audit/code-audit.module.js';
import type { MessagingConfig } from './config/messaging.config.js';
import { ContactModule } from './contact/contact.module.js';
import { DestinationsModule } from './destinations/destinations.module.js';
import { DirectoryModule } from './directory/directory.module.js';
import { EmailModule } from './email/email.module.js';
import { ForwardingModule } from './forwarding/forwarding.module.js';
import { HistoryModule } from './history/history.module.js';
import { InboundModule } from './inbound/inbound.module.js';
import { migrations } from './migrations/index.migration.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { OffboardingModule } from './offboarding/offboarding.module.js';
import { OwnerNoticesModule } from './owner-notices/owner-notices.module.js';
import { PromotionsModule } from './promotions/promotions.module.js';
import { RetentionModule } from './retention/retention.module.js';
import { RoutingModule } from './routing/routing.module.js';
import { SmsModule } from './sms/sms.module.js';

/** The messaging service: inbound SMS, code extraction, forwards by e-mail and SMS, message logs, the bot feed. */
@Module({})
export class AppModule {
  static forRoot(config: MessagingConfig, logger: Logger): DynamicModule {
    // The brokers, with TLS and this service's Kafka user when set (KAFKA_TLS, KAFKA_SASL_*).
    const kafka = kafkaConnection(config);
    return {
      module: AppModule,
      imports: [
        ServiceRuntimeModule.forRoot({
          service: 'messaging',
          logger,
          database: { url: config.DATABASE_URL, migrations },
          redisUrl: config.REDIS_URL,
          readinessChecks: [checkKafka(kafka, 'messaging')],
        }),
        EventBusModule.forRoot({
          service: 'messaging',
          databaseUrl: config.DATABASE_URL,
          ...kafka,
          topicPrefix: config.KAFKA_TOPIC_PREFIX,
          logger,
          sealingKey: config.EVENT_SEALING_KEY,
        }),
        DirectoryModule.forRoot(config),
        InboundModule.forRoot(config),
        ForwardingModule.forRoot(config),
        DestinationsModule.forRoot(config),
        RoutingModule.forRoot(config),
        HistoryModule,
        CodeAuditModule,
        BotFeedModule.forRoot(config),
        BotActivityModule,
        EmailModule.forRoot(config),
        SmsModule.forRoot(config),
        NotificationsModule.forRoot(config),
        ContactModule.forRoot(config),
        BillingNoticesModule.forRoot(config),
        OwnerNoticesModule.forRoot(config),
        PromotionsModule.forRoot(config),
        RetentionModule.forRoot(config),
        OffboardingModule.forRoot(config),
      ],
    };
  }
}
