import { checkKafka, EventBusModule, kafkaConnection } from '@multimfa/event-bus';
import { TOPICS } from '@multimfa/events';
import { type Logger, ServiceRuntimeModule } from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import { CardsModule } from './cards/cards.module.js';
import type { BillingConfig } from './config/billing.config.js';
import { CustomersModule } from './customers/customers.module.js';
import { DiscountMailingsModule } from './discount-mailings/discount-mailings.module.js';
import { DiscountsModule } from './discounts/discounts.module.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { migrations } from './migrations/index.js';
import { PlansModule } from './plans/plans.module.js';
import { PurchasesModule } from './purchases/purchases.module.js';
import { QueueModule } from './queue/queue.module.js';
import { RenewalsModule } from './renewals/renewals.module.js';
import { StripeModule } from './stripe/stripe.module.js';
import { UsageModule } from './usage/usage.module.js';
import { UsersModule } from './users/users.module.js';

/** How far usage counts may lag the texts they count (usage is billed per period, not per second). */
const USAGE_WINDOW_MS = 200;

/** The billing service: plans, Stripe customers, purchases, subscriptions, invoices, cards, discounts. */
@Module({})
export class AppModule {
  static forRoot(config: BillingConfig, logger: Logger): DynamicModule {
    // The brokers, with TLS and this service's Kafka user when set (KAFKA_TLS, KAFKA_SASL_*).
    const kafka = kafkaConnection(config);
    return {
      module: AppModule,
      imports: [
        ServiceRuntimeModule.forRoot({
          service: 'billing',
          logger,
          database: { url: config.DATABASE_URL, migrations },
          redisUrl: config.REDIS_URL,
          readinessChecks: [checkKafka(kafka, 'billing')],
        }),
        EventBusModule.forRoot({
          service: 'billing',
          databaseUrl: config.DATABASE_URL,
          ...kafka,
          topicPrefix: config.KAFKA_TOPIC_PREFIX,
          logger,
          // Usage comes once per text: counted one transaction per window, not one per text.
          batchWindowMs: (topic) => (topic === TOPICS.messagingUsage.name ? USAGE_WINDOW_MS : undefined),
        }),
        StripeModule.forRoot(config),
        CustomersModule,
        PlansModule,
        DiscountsModule,
        DiscountMailingsModule,
        PurchasesModule,
        UsersModule,
        CardsModule,
        InvoicesModule,
        QueueModule.forRoot(config),
        RenewalsModule,
        UsageModule,
      ],
    };
  }
}
