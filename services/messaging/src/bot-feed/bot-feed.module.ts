import { Clock, LOGGER, type Logger, QUEUE_CONNECTION } from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { MessagingConfig } from '../config/messaging.config.js';
import { Arrivals, RedisArrivals } from './arrivals.js';
import { BotEventsSubscriber } from './bot-events.subscriber.js';
import { BotFeedController } from './bot-feed.controller.js';
import { BotFeedService } from './bot-feed.service.js';
import { BotKeyCache, RedisBotKeyCache } from './bot-key-cache.js';
import { FeedBotsRepository } from './feed-bots.repository.js';
import { FeedMessagesRepository } from './feed-messages.repository.js';

/**
 * The bot feed: bots from numbers' events, their RoboMFA's texts, waits woken by Redis, claims. Global
 * for its key cache, which the directory tells of MFA changes.
 */
@Module({})
export class BotFeedModule {
  static forRoot(config: MessagingConfig): DynamicModule {
    return {
      module: BotFeedModule,
      global: true,
      providers: [
        {
          provide: BotKeyCache,
          inject: [QUEUE_CONNECTION, Clock, LOGGER],
          useFactory: (publisher: Redis, clock: Clock, logger: Logger) =>
            new RedisBotKeyCache(config.REDIS_URL, publisher, clock, logger.child({ component: 'bot-keys' })),
        },
        {
          provide: Arrivals,
          inject: [LOGGER],
          useFactory: (logger: Logger) =>
            new RedisArrivals(config.REDIS_URL, logger.child({ component: 'bot-feed' })),
        },
        FeedBotsRepository,
        FeedMessagesRepository,
        BotFeedService,
      ],
      controllers: [BotEventsSubscriber, BotFeedController],
      exports: [BotKeyCache],
    };
  }
}
