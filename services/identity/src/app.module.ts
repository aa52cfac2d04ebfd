import { checkKafka, EventBusModule, kafkaConnection } from '@multimfa/event-bus';
import { type Logger, ServiceRuntimeModule } from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import type { IdentityConfig } from './config/identity.config.js';
import { migrations } from './migrations/index.js';
import { UsersModule } from './users/users.module.js';
import { WaitlistModule } from './waitlist/waitlist.module.js';

/** The identity service: users, credentials, e-mail verification and reset codes, Google identities, the waitlist. */
@Module({})
export class AppModule {
  static forRoot(config: IdentityConfig, logger: Logger): DynamicModule {
    // The brokers, with TLS and this service's Kafka user when set (KAFKA_TLS, KAFKA_SASL_*).
    const kafka = kafkaConnection(config);
    return {
      module: AppModule,
      imports: [
        ServiceRuntimeModule.forRoot({
          service: 'identity',
          logger,
          database: { url: config.DATABASE_URL, migrations },
          redisUrl: config.REDIS_URL,
          readinessChecks: [checkKafka(kafka, 'identity')],
        }),
        EventBusModule.forRoot({
          service: 'identity',
          databaseUrl: config.DATABASE_URL,
          ...kafka,
          topicPrefix: config.KAFKA_TOPIC_PREFIX,
          logger,
          sealingKey: config.EVENT_SEALING_KEY,
        }),
        UsersModule.forRoot(config),
        WaitlistModule.forRoot(config),
      ],
    };
  }
}
