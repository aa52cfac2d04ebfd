import { checkKafka, EventBusModule, kafkaConnection } from '@multimfa/event-bus';
import { type Logger, ServiceRuntimeModule } from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import { AllocationModule } from './allocation/allocation.module.js';
import { BotsModule } from './bots/bots.module.js';
import type { NumbersConfig } from './config/numbers.config.js';
import { CountriesModule } from './countries/countries.module.js';
import { MembersModule } from './members/members.module.js';
import { MfasModule } from './mfas/mfas.module.js';
import { migrations } from './migrations/index.js';
import { NumberHoldingModule } from './pool/number-holding.module.js';
import { PoolModule } from './pool/pool.module.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';

/** The numbers service: countries, the number pool, MFAs, members, invitations and bots. */
@Module({})
export class AppModule {
  static forRoot(config: NumbersConfig, logger: Logger): DynamicModule {
    // The brokers, with TLS and this service's Kafka user when set (KAFKA_TLS, KAFKA_SASL_*).
    const kafka = kafkaConnection(config);
    const allocation = AllocationModule.forRoot(config);
    const holding = NumberHoldingModule.forRoot(allocation);
    return {
      module: AppModule,
      imports: [
        ServiceRuntimeModule.forRoot({
          service: 'numbers',
          logger,
          database: { url: config.DATABASE_URL, migrations },
          redisUrl: config.REDIS_URL,
          readinessChecks: [checkKafka(kafka, 'numbers')],
        }),
        EventBusModule.forRoot({
          service: 'numbers',
          databaseUrl: config.DATABASE_URL,
          ...kafka,
          topicPrefix: config.KAFKA_TOPIC_PREFIX,
          sealingKey: config.EVENT_SEALING_KEY,
          logger,
        }),
        CountriesModule,
        allocation,
        PoolModule.forRoot(allocation),
        MfasModule.forRoot(allocation, holding),
        MembersModule,
        BotsModule.forRoot(config),
        holding,
        SubscriptionsModule.forRoot(holding, allocation),
      ],
    };
  }
}
